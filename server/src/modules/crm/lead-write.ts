import { type LeadInput, leadLabels } from '@tillbook/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { AppError, duplicate, fieldError, notFound } from '../../platform/errors.ts';
import { lead, leadSource } from '../../schema/index.ts';
import { assertActiveStaff } from './staff-book.ts';

/** Lead writers take turns on this lock, so an e-mail checked free (in any case) stays free until commit. */
const lockLeadWrites = (tx: DbOrTx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'unique:lead'}))`);

export interface LockedLead {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  isConverted: boolean;
  customerId: number | null;
  leadStatus: string;
}

/** The lead's row, locked for the rest of the transaction (404 when missing). */
export async function lockLead(tx: DbOrTx, id: number): Promise<LockedLead> {
  const [row] = await tx
    .select({
      id: lead.id,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      isConverted: lead.isConverted,
      customerId: lead.customerId,
      leadStatus: lead.leadStatus,
    })
    .from(lead)
    .where(eq(lead.id, id))
    .for('update');
  if (!row) throw notFound(`Lead ${id}`);
  return row;
}

/** The checks of a lead's fields as they will be: an active owner, a known source, a free e-mail, 'customer' only by converting. */
async function check(tx: DbOrTx, values: Partial<LeadInput>, current?: LockedLead) {
  if (values.leadOwnerId !== undefined) await assertActiveStaff(tx, values.leadOwnerId, 'leadOwnerId', leadLabels);
  if (values.leadSourceId != null) {
    const [source] = await tx.select({ id: leadSource.id }).from(leadSource).where(eq(leadSource.id, values.leadSourceId));
    if (!source) throw fieldError('leadSourceId', 'does not exist', leadLabels);
  }
  if (values.leadStatus !== undefined) {
    if (current?.isConverted && values.leadStatus !== 'customer')
      throw new AppError('invalid_transition', `Lead ${current.id} is converted to a customer; its status stays customer`, {
        leadStatus: 'a converted lead stays customer',
      });
    if (!current?.isConverted && values.leadStatus === 'customer')
      throw fieldError('leadStatus', 'becomes customer by converting the lead', leadLabels);
  }
  if (values.email) {
    await lockLeadWrites(tx);
    const [same] = await tx
      .select({ id: lead.id })
      .from(lead)
      .where(and(eq(sql`lower(${lead.email})`, values.email.toLowerCase()), current ? ne(lead.id, current.id) : undefined))
      .limit(1);
    if (same) throw duplicate('Lead', 'email', leadLabels);
  }
}

/** POST api/leads. */
export async function createLead(tx: DbOrTx, values: LeadInput): Promise<number> {
  await check(tx, values);
  const [row] = await tx.insert(lead).values(values).returning({ id: lead.id });
  return row!.id;
}

/** PUT api/leads/{id}: only the fields sent change. */
export async function updateLead(tx: DbOrTx, id: number, values: Partial<LeadInput>): Promise<void> {
  const current = await lockLead(tx, id);
  await check(tx, values, current);
  const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length) await tx.update(lead).set(changes).where(eq(lead.id, id));
}

/** PATCH api/leads/{id}: hides or shows the lead. */
export async function setLeadStatus(tx: DbOrTx, id: number, status: boolean): Promise<void> {
  await lockLead(tx, id);
  await tx.update(lead).set({ status }).where(eq(lead.id, id));
}
