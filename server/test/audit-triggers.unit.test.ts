import { describe, expect, test } from 'vitest';
import { auditTriggersOf, unauditedColumn } from '../src/platform/audit-triggers.ts';

describe("the audit log's columns", () => {
  test.each([
    ['password', false],
    ['email_pass', false],
    ['token_hash', false],
    ['api_key', false],
    ['client_secret', false],
    ['updated_at', false],
    ['product_quantity', false],
    ['due_amount', false],
    ['name', true],
    ['product_sale_price', true],
    ['status', true],
    ['state', true],
    ['number', true],
    ['system_key', true],
  ])('%s is logged: %s', (column, logged) => {
    expect(!unauditedColumn(column)).toBe(logged);
  });

  test("a table's update trigger fires on its audited columns only, and names them in its comment", () => {
    const text = auditTriggersOf('product', ['id', 'name', 'product_quantity', 'updated_at', 'product_sale_price']);
    expect(text).toContain(
      `when (row(old."id", old."name", old."product_sale_price") is distinct from row(new."id", new."name", new."product_sale_price"))`,
    );
    expect(text).toContain(`tillbook_audit('product', 'product_quantity,updated_at')`);
    expect(text).toContain(`is 'id,name,product_sale_price'`);
    expect(() => auditTriggersOf('stock_movement', ['id'])).toThrow(/not an audited table/);
    // a column the database computes (the product's search text) is not logged
    expect(auditTriggersOf('product', ['id', 'name', 'search'], ['search'])).toContain(`tillbook_audit('product', 'search')`);
  });
});

test('the records the web offers to filter by are the tables the triggers follow', async () => {
  const { auditedEntities } = await import('@tillbook/contract');
  const { auditedTables } = await import('../src/platform/audit-triggers.ts');
  expect([...auditedEntities].sort()).toEqual(Object.values(auditedTables).sort());
});
