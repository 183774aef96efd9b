import { routes, type TillCustomer } from '@tillbook/contract';
import { api } from '../../../../lib/api.ts';
import { allOf, oneOf, write } from './idb.ts';

/**
 * The till's copy of the customers (issue 33): loaded from `GET till/customers` by pages, then only those changed
 * since its cursor, each with what it owed when read (its last known due); searched offline by name, phone or e-mail.
 */
let customers: Map<number, TillCustomer> | undefined;

async function loaded(): Promise<Map<number, TillCustomer>> {
  customers ??= new Map((await allOf<TillCustomer>('customers')).map((c) => [c.id, c]));
  return customers;
}

/** Loads the customers changed since the last load (all of them the first time); false when the server could not be reached. */
export async function refreshCustomers(): Promise<boolean> {
  const copy = await loaded();
  let after = (await oneOf<{ name: string; value: string }>('meta', 'customerCursor'))?.value;
  for (;;) {
    const page = await api(routes.tillCatalogue.customers, { query: { count: 1000, ...(after ? { after } : {}) } });
    if (page.error !== undefined) return false;
    const gone = page.data.customers.filter((c) => !c.active).map((c) => c.id);
    const kept = page.data.customers.filter((c) => c.active);
    await write('customers', kept, gone);
    for (const id of gone) copy.delete(id);
    for (const c of kept) copy.set(c.id, c);
    after = page.data.cursor;
    await write('meta', [{ name: 'customerCursor', value: after }]);
    if (!page.data.more) return true;
  }
}

/** The first 20 customers of the copy whose name, phone or e-mail holds `key` (the first ones when there is none). */
export async function searchCustomerCopy(key: string): Promise<TillCustomer[]> {
  const wanted = key.trim().toLowerCase();
  const found: TillCustomer[] = [];
  for (const c of (await loaded()).values()) {
    if (found.length === 20) break;
    if (!wanted || [c.name, c.phone, c.email].some((text) => text?.toLowerCase().includes(wanted))) found.push(c);
  }
  return found;
}
