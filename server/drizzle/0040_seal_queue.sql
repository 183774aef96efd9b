CREATE TABLE "seal_queue" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seal_queue_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"series" text NOT NULL,
	"document_id" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "seal_queue_series" ON "seal_queue" USING btree ("series","id");--> statement-breakpoint
-- Hand-written (issue 34): a web order is queued for its seal as it is written (a plain insert, no shared row), and the
-- journal's sealer seals the committed ones just after (`seal_queued`), many in one transaction under the chain's
-- lock, in the order it finds them: the chain's positions are gap-free, and checkouts never wait on each other's.
CREATE FUNCTION order_seal_queue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO seal_queue (series, document_id) VALUES ('order', NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_seal_queue AFTER INSERT ON cart_order FOR EACH ROW EXECUTE FUNCTION order_seal_queue();
--> statement-breakpoint
-- Seals up to `most` queued documents of a chain, oldest first, each at the chain's next position; answers how many.
-- The chain's counter row is locked first: two sealers take turns, and a queued row is taken once (deleted here).
CREATE FUNCTION seal_queued(chain text, most integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  at_position integer;
  done integer := 0;
  r record;
BEGIN
  INSERT INTO document_number AS d (series, last_number) VALUES ('chain:' || chain, 0)
    ON CONFLICT (series) DO UPDATE SET last_number = d.last_number
    RETURNING last_number INTO at_position;
  FOR r IN
    WITH taken AS (
      DELETE FROM seal_queue q WHERE q.id IN (SELECT id FROM seal_queue WHERE series = chain ORDER BY id LIMIT most)
      RETURNING q.id, q.document_id)
    SELECT document_id FROM taken ORDER BY id
  LOOP
    at_position := at_position + 1;
    PERFORM seal_document(chain, at_position, r.document_id);
    done := done + 1;
  END LOOP;
  UPDATE document_number SET last_number = at_position WHERE series = 'chain:' || chain;
  RETURN done;
END $$;
