import { describe, expect, test } from 'vitest';
import { actionName, actorOf, changeText, entityName, valueText } from '../src/admin/audit/audit-format.ts';

describe('the audit log as a person reads it', () => {
  test.each([
    ['create', { field: 'productSalePrice', old: null, new: 12 }, 'Sale price: 12'],
    ['update', { field: 'productSalePrice', old: 12, new: 14 }, 'Sale price: 12 → 14'],
    ['status', { field: 'status', old: 'true', new: 'false' }, 'Status: yes → no'],
    ['update', { field: 'note', old: null, new: 'fragile' }, 'Note: — → fragile'],
    ['update', { field: 'permissions', old: [], new: ['readAll-color', 'readAll-uom'] }, 'Permissions: — → readAll-color, readAll-uom'],
    ['delete', { field: 'name', old: 'Teal', new: null }, 'Name: Teal'],
    ['priceOverride', { field: 'unitPrice', old: 12, new: 9.5 }, 'Unit price: 12 → 9.5'],
    ['priceOverride', { field: 'product', old: null, new: 'Mug' }, 'Product: Mug'],
    ['void', { field: 'quantity', old: 2, new: 0 }, 'Quantity: 2 → 0'],
    ['void', { field: 'product', old: 'Mug', new: null }, 'Product: Mug'],
  ])('%s %o reads "%s"', (action, change, text) => {
    expect(changeText(action, change)).toBe(text);
  });

  test('who, what and which record', () => {
    expect(actorOf({ actorType: 'user', actorName: 'ann', actorId: 3 })).toBe('ann');
    expect(actorOf({ actorType: 'customer', actorName: 'Olga Offline', actorId: 9 })).toBe('Olga Offline (shopper)');
    expect(actorOf({ actorType: 'user', actorName: null, actorId: 7 })).toBe('#7');
    expect(actorOf({ actorType: 'system', actorName: null, actorId: null })).toBe('System');
    expect([actionName('create'), actionName('status'), actionName('noSale'), actionName('void')]).toEqual([
      'Created',
      'Status changed',
      'Drawer opened, no sale',
      'Line voided',
    ]);
    expect(entityName('saleInvoice')).toBe('Sale invoice');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });
});
