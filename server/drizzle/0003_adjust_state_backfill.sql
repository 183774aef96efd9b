-- Custom SQL migration file, put your code below! --
-- Before the state column, a reversal was recorded only as status = false.
UPDATE "adjust_invoice" SET "state" = 'reversed' WHERE "status" = false;
