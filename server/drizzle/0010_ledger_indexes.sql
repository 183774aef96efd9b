DROP INDEX "transaction_date_index";--> statement-breakpoint
CREATE INDEX "transaction_date_pair_amount_index" ON "transaction" USING btree ("date","debit_id","credit_id","amount");--> statement-breakpoint
CREATE INDEX "transaction_debit_date_amount_index" ON "transaction" USING btree ("debit_id","date","amount");--> statement-breakpoint
CREATE INDEX "transaction_credit_date_amount_index" ON "transaction" USING btree ("credit_id","date","amount");