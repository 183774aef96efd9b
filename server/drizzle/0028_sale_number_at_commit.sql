-- Hand-written (issue 30): a sale's invoice number is taken at its commit, not in its write statement. The
-- series' counter row is locked from the moment a number is taken to the end of the transaction, so every
-- sale of the shop waits for it; taken in the write statement, the lock was held through that statement's
-- triggers, the answer's way back to the server and the COMMIT's way to the database (under load, the
-- server's event loop): two of four busy backends waited on it. A sale now writes a placeholder, minus its
-- id (unique, and never a number: numbers start at 1), and this deferred trigger, run inside the COMMIT,
-- takes the next number, puts it on the invoice and in its postings' particulars ('{number}'), and the
-- lock lives only for the rest of that COMMIT. Numbers stay gap-free and in commit order: a sale that
-- rolls back never reaches its commit, and a commit that fails rolls the number back with everything else.
CREATE FUNCTION sale_number_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sale_number_at_commit AFTER INSERT OR UPDATE OF number ON sale_invoice
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.number < 0) EXECUTE FUNCTION sale_number_at_commit();
