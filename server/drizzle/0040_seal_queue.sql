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
-- Seals up to `most` queued documents of a chain, oldest first; answers how many. One sealer of a chain at a time (an
-- advisory lock of the transaction): a sale at its number (queued in number order, so the one before is sealed
-- first), a web order at the chain's next place (its counter in document_number).
CREATE FUNCTION seal_queued(chain text, most integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  at_position integer;
  done integer := 0;
  r record;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('tillbook seal ' || chain));
  IF chain <> 'sale' THEN
    INSERT INTO document_number AS d (series, last_number) VALUES ('chain:' || chain, 0)
      ON CONFLICT (series) DO UPDATE SET last_number = d.last_number
      RETURNING last_number INTO at_position;
  END IF;
  FOR r IN
    WITH taken AS (
      DELETE FROM seal_queue q WHERE q.id IN (SELECT id FROM seal_queue WHERE series = chain ORDER BY id LIMIT most)
      RETURNING q.id, q.document_id)
    SELECT document_id FROM taken ORDER BY id
  LOOP
    IF chain = 'sale' THEN
      SELECT number INTO at_position FROM sale_invoice WHERE id = r.document_id;
    ELSE
      at_position := at_position + 1;
    END IF;
    PERFORM seal_document(chain, at_position, r.document_id);
    done := done + 1;
  END LOOP;
  IF chain <> 'sale' THEN
    UPDATE document_number SET last_number = at_position WHERE series = 'chain:' || chain;
  END IF;
  RETURN done;
END $$;
--> statement-breakpoint
-- A sale is numbered at its commit as before (0028), and queued for its seal there, in number order (the queue's ids
-- are taken under the number's lock): the sealer chains it just after, so the number's lock is held no longer than
-- before the journal.
CREATE OR REPLACE FUNCTION sale_number_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken integer;
BEGIN
  -- the row as it is now: another event of this transaction (an insert, then an update) may have numbered it
  PERFORM 1 FROM sale_invoice WHERE id = NEW.id AND number < 0;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO document_number AS d (series, last_number) VALUES ('sale', 1)
    ON CONFLICT (series) DO UPDATE SET last_number = d.last_number + 1
    RETURNING last_number INTO taken;
  UPDATE sale_invoice SET number = taken WHERE id = NEW.id;
  UPDATE "transaction" SET particulars = replace(particulars, '{number}', taken::text)
    WHERE type = 'sale' AND related_id = NEW.id::text AND strpos(particulars, '{number}') > 0;
  INSERT INTO seal_queue (series, document_id) VALUES ('sale', NEW.id);
  RETURN NULL;
END $$;
