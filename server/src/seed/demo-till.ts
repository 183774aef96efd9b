import { eq, inArray, sql } from 'drizzle-orm';
import { post } from '../modules/accounting/index.ts';
import { openSession } from '../modules/till/index.ts';
import { businessDate, type Clock } from '../platform/clock.ts';
import type { Tx } from '../platform/db.ts';
import * as s from '../schema/index.ts';

/** The demo till's payment methods: cash lands in the Cash account, card in the Bank account. */
export const demoTillMethods = [
  { methodName: 'Cash', systemKey: 'cash', instruction: 'Cash at the till; change is given from the drawer.' },
  { methodName: 'Card', systemKey: 'bank', instruction: 'Card at the till; the money reaches the bank.' },
] as const;

/** Receipt printers beside the A4 invoice: 58 mm and 80 mm rolls (200 mm is a typical receipt's length). */
export const demoReceiptSizes = [
  { pageSizeName: 'Receipt 58 mm', width: 58, height: 200, unit: 'mm' },
  { pageSizeName: 'Receipt 80 mm', width: 80, height: 200, unit: 'mm' },
] as const;

export const demoSuppliers = [
  { name: 'Acme Wholesale', phone: '+44 161 496 0000', email: 'orders@acme-wholesale.example', address: '1 Mill Lane, Manchester' },
  { name: 'Northwind Traders', phone: '+44 113 496 0001', email: 'sales@northwind.example', address: '22 Canal Street, Leeds' },
];

/**
 * What a till needs beyond the catalogue: payment methods to split a payment across, receipt page
 * sizes, and suppliers to buy from. Skips what exists (same unique name, phone or e-mail).
 */
export async function seedDemoTill(tx: Tx): Promise<void> {
  const accounts = await tx
    .select({ id: s.subAccount.id, key: s.subAccount.systemKey })
    .from(s.subAccount)
    .where(
      inArray(
        s.subAccount.systemKey,
        demoTillMethods.map((m) => m.systemKey),
      ),
    );
  const accountOf = new Map(accounts.map((a) => [a.key, a.id]));
  await tx
    .insert(s.paymentMethod)
    .values(
      // counter methods: offered at the till, not at the web shop's checkout (said here, not left to the table's default)
      demoTillMethods.map((m) => ({
        methodName: m.methodName,
        subAccountId: accountOf.get(m.systemKey)!,
        instruction: m.instruction,
        atTill: 'true' as const,
        atCheckout: 'false' as const,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(s.pageSize)
    .values(demoReceiptSizes.map((size) => ({ ...size })))
    .onConflictDoNothing();
  for (const supplier of demoSuppliers) {
    const [taken] = await tx.select({ id: s.supplier.id }).from(s.supplier).where(eq(s.supplier.name, supplier.name));
    if (!taken) await tx.insert(s.supplier).values(supplier).onConflictDoNothing();
  }
}

/**
 * The demo shop's Till 1 is open for the day with a float of 100.00 (opened by the owner), so the demo sells at once.
 * The owner first puts 500.00 of capital into the safe (the Cash account), from which the float comes.
 */
export async function openDemoTill(tx: Tx, clock: Clock): Promise<void> {
  await post(tx, [
    {
      date: await businessDate(tx, clock),
      debit: 'cash',
      credit: 'ownerEquity',
      amount: 50_000,
      particulars: "Owner's capital into the safe",
      type: 'transaction',
    },
  ]);
  const [till] = await tx.select({ id: s.till.id }).from(s.till).where(eq(s.till.name, 'Till 1'));
  const owners = await tx.execute(
    sql`select u.id from users u join role r on r.id = u.role_id where r.name = 'super-admin' order by u.id limit 1`,
  );
  const [owner] = (owners as unknown as { rows: { id: number }[] }).rows;
  if (till && owner) await openSession(tx, { tillId: till.id, openingFloat: 100 }, Number(owner.id), clock);
}
