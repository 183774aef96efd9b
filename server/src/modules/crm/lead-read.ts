import type { LeadStatus } from '@tillbook/contract';
import { count, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import { conventionWhere, type ListQuery, orderBy, whereAll } from '../../platform/list-query.ts';
import { paged } from '../../platform/queries.ts';
import { customer, lead, leadSource, users } from '../../schema/index.ts';
import { appointmentsOfLead } from './appointment-read.ts';

const owner = alias(users, 'lead_owner');

const fields = {
  id: lead.id,
  status: lead.status,
  createdAt: lead.createdAt,
  updatedAt: lead.updatedAt,
  name: lead.name,
  email: lead.email,
  phone: lead.phone,
  leadSourceId: lead.leadSourceId,
  leadSourceName: leadSource.name,
  leadOwnerId: lead.leadOwnerId,
  ownerUsername: owner.username,
  ownerFirstName: owner.firstName,
  ownerLastName: owner.lastName,
  leadStatus: lead.leadStatus,
  leadValue: lead.leadValue,
  notes: lead.notes,
  isConverted: lead.isConverted,
  customerId: lead.customerId,
  customerUsername: customer.username,
  customerEmail: customer.email,
};

type Row = Awaited<ReturnType<ReturnType<typeof selectLeads>['execute']>>[number];

const selectLeads = (db: DbOrTx) =>
  db
    .select(fields)
    .from(lead)
    .innerJoin(owner, eq(owner.id, lead.leadOwnerId))
    .leftJoin(leadSource, eq(leadSource.id, lead.leadSourceId))
    .leftJoin(customer, eq(customer.id, lead.customerId));

/** A lead as the contract answers it (leadOut). */
function present(r: Row) {
  return {
    id: r.id,
    status: r.status,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    name: r.name,
    email: r.email,
    phone: r.phone,
    leadSourceId: r.leadSourceId,
    leadSource: r.leadSourceId !== null && r.leadSourceName !== null ? { id: r.leadSourceId, name: r.leadSourceName } : null,
    leadOwnerId: r.leadOwnerId,
    leadOwner: { id: r.leadOwnerId, username: r.ownerUsername, firstName: r.ownerFirstName, lastName: r.ownerLastName },
    leadStatus: r.leadStatus,
    leadValue: r.leadValue ?? 0,
    notes: r.notes,
    isConverted: r.isConverted,
    customerId: r.customerId,
    customer: r.customerId !== null ? { id: r.customerId, username: r.customerUsername ?? '', email: r.customerEmail } : null,
  };
}
export type LeadAnswer = ReturnType<typeof present>;

export async function readLead(db: DbOrTx, id: number): Promise<LeadAnswer | undefined> {
  const [row] = await selectLeads(db).where(eq(lead.id, id));
  return row ? present(row) : undefined;
}

/** A lead's page: the lead and its appointments (newest first, bounded). */
export async function readLeadDetail(db: DbOrTx, id: number) {
  const found = await readLead(db, id);
  if (!found) return undefined;
  return { singleLead: { ...found, appointments: await appointmentsOfLead(db, id) } };
}

export interface LeadFilters {
  leadOwnerId?: number[];
  leadSourceId?: number[];
  leadStatus?: string[];
  isConverted?: 'true' | 'false';
}

/** GET api/leads: the list query (search in name, e-mail and phone; status; created between) and the lead's own filters. */
export async function listLeads(db: DbOrTx, q: ListQuery<LeadFilters>) {
  const f = q.filters;
  const where = whereAll([
    ...conventionWhere(q, { status: lead.status, search: [lead.name, lead.email, lead.phone], date: lead.createdAt }),
    f.leadOwnerId ? inArray(lead.leadOwnerId, f.leadOwnerId) : undefined,
    f.leadSourceId ? inArray(lead.leadSourceId, f.leadSourceId) : undefined,
    f.leadStatus ? inArray(lead.leadStatus, f.leadStatus as LeadStatus[]) : undefined,
    f.isConverted ? eq(lead.isConverted, f.isConverted === 'true') : undefined,
  ] as (SQL | undefined)[]);
  const [rows, [total]] = await Promise.all([
    paged(
      selectLeads(db)
        .where(where)
        .orderBy(...orderBy(q, lead, lead.createdAt))
        .$dynamic(),
      q,
    ),
    db.select({ n: count() }).from(lead).where(where),
  ]);
  return { getAllLead: rows.map(present), totalLead: Number(total?.n ?? 0) };
}
