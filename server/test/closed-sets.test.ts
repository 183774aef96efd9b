import fs from 'node:fs';
import path from 'node:path';
import { ledgerTypes, stockReasons } from '@tillbook/contract';
import { getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as schema from '../src/schema/index.ts';
import { startTestApp, type TestApp } from './harness.ts';

/** Closed sets come from the contract, once, and the database enforces them. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));
const closedColumns = tables.flatMap((table) =>
  getTableConfig(table)
    .columns.filter((c) => c.enumValues?.length)
    .map((c) => ({ table: getTableName(table), column: snake(c.name), values: [...c.enumValues!] })),
);

describe('closed text columns', () => {
  test('there are some, and each has a CHECK in the database listing exactly its values', async () => {
    expect(closedColumns.map((c) => `${c.table}.${c.column}`)).toEqual(
      expect.arrayContaining([
        'stock_movement.reason',
        'transaction.type',
        'adjust_invoice.state',
        'adjust_invoice_product.adjust_type',
        'discount.type',
        'courier_medium.type',
      ]),
    );
    const result = (await t.database.db.execute(sql`
      select rel.relname as "table", pg_get_constraintdef(con.oid) as definition
      from pg_constraint con join pg_class rel on rel.oid = con.conrelid
      where con.contype = 'c'`)) as unknown as { rows: { table: string; definition: string }[] };
    for (const { table, column, values } of closedColumns) {
      const checks = result.rows.filter((r) => r.table === table && new RegExp(`\\b${column}\\b`).test(r.definition));
      const listed = checks.map((r) => [...r.definition.matchAll(/'([^']*)'/g)].map((m) => m[1]).sort());
      expect(listed, `${table}.${column}`).toContainEqual([...values].sort());
    }
  });

  test('the database refuses a value outside the set', async () => {
    const [product] = (
      (await t.database.db.execute(sql`insert into product (name, sku) values ('Closed set probe', 'CSP-1') returning id`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const move = (reason: string) =>
      t.database.db.execute(sql`insert into stock_movement (product_id, quantity, reason) values (${product!.id}, 1, ${reason})`);
    await expect(move('gift')).rejects.toThrow();
    await expect(move('sale_return')).rejects.toThrow();
    const counted = (await t.database.db.execute(
      sql`select count(*)::int as n from stock_movement where product_id = ${product!.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(counted.rows[0]!.n).toBe(0);
  });

  test('stock reasons and ledger types spell a shared concept the same way', () => {
    for (const word of ['sale', 'saleReturn', 'purchase', 'purchaseReturn']) {
      expect(stockReasons).toContain(word);
      expect(ledgerTypes).toContain(word);
    }
    for (const value of [...stockReasons, ...ledgerTypes]) expect(value).toMatch(/^[a-z][a-zA-Z]*$/);
  });
});

describe('the schema', () => {
  test('has no import loop between its files', () => {
    const folder = path.join(import.meta.dirname, '../src/schema');
    const imports = new Map(
      fs
        .readdirSync(folder)
        .filter((f) => f.endsWith('.ts'))
        .map((file) => {
          const text = fs.readFileSync(path.join(folder, file), 'utf8');
          return [file, [...text.matchAll(/from '\.\/([^']+)'/g)].map((m) => m[1]!)] as const;
        }),
    );
    const loops: string[] = [];
    const visit = (file: string, trail: string[]) => {
      if (trail.includes(file)) return void loops.push([...trail.slice(trail.indexOf(file)), file].join(' → '));
      for (const next of imports.get(file) ?? []) visit(next, [...trail, file]);
    };
    for (const file of imports.keys()) visit(file, []);
    expect(loops).toEqual([]);
  });
});
