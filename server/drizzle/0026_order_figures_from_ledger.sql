ALTER TABLE "cart_order" ADD COLUMN "return_amount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A web order's paid, due, returned and profit are kept from its ledger (keepInvoiceFigures(tx, 'order', id), orderFiguresOf):
-- each entry on the receivable read by its other account, value (Tax, Revenue, Expense) or money; a cancelled order keeps zeros.
UPDATE "cart_order" d SET
  "paid_amount" = CASE WHEN d.order_status <> 'CANCELLED' THEN f.paid ELSE 0 END,
  "due_amount" = CASE WHEN d.order_status <> 'CANCELLED' THEN f.due ELSE 0 END,
  "return_amount" = CASE WHEN d.order_status <> 'CANCELLED' THEN f.returned ELSE 0 END,
  "profit" = CASE WHEN d.order_status <> 'CANCELLED' THEN f.profit ELSE 0 END
FROM (
  SELECT t.related_id,
    coalesce(sum(t.amount) FILTER (WHERE t.type = 'orderReturn' AND t.credit_id = ar.id AND dv.value), 0)
      - coalesce(sum(t.amount) FILTER (WHERE t.type = 'orderReturn' AND t.debit_id = ar.id AND cv.value), 0) AS returned,
    coalesce(sum(t.amount) FILTER (WHERE t.credit_id = ar.id AND NOT dv.value), 0)
      - coalesce(sum(t.amount) FILTER (WHERE t.debit_id = ar.id AND NOT cv.value), 0) AS paid,
    coalesce(sum(t.amount) FILTER (WHERE t.debit_id = ar.id), 0) - coalesce(sum(t.amount) FILTER (WHERE t.credit_id = ar.id), 0) AS due,
    coalesce(sum(t.amount) FILTER (WHERE cv.earns), 0) - coalesce(sum(t.amount) FILTER (WHERE dv.earns), 0) AS profit
  FROM "transaction" t
    CROSS JOIN (SELECT id FROM sub_account WHERE system_key = 'accountsReceivable') ar
    CROSS JOIN LATERAL (SELECT sa.system_key = 'tax' OR a.type IN ('Revenue', 'Expense') AS value,
        a.type IN ('Revenue', 'Expense') AND sa.system_key IS DISTINCT FROM 'deliveryIncome' AS earns
      FROM sub_account sa JOIN account a ON a.id = sa.account_id WHERE sa.id = t.debit_id) dv
    CROSS JOIN LATERAL (SELECT sa.system_key = 'tax' OR a.type IN ('Revenue', 'Expense') AS value,
        a.type IN ('Revenue', 'Expense') AND sa.system_key IS DISTINCT FROM 'deliveryIncome' AS earns
      FROM sub_account sa JOIN account a ON a.id = sa.account_id WHERE sa.id = t.credit_id) cv
  WHERE t.type IN ('order', 'orderReturn') AND t.reverses_id IS NULL
    AND NOT EXISTS (SELECT 1 FROM "transaction" r WHERE r.reverses_id = t.id)
  GROUP BY t.related_id
) f
WHERE f.related_id = d.id::text;
