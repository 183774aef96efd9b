import { describe, expect, test } from 'vitest';
import { staffRole } from '../src/admin/identity/staff-role.ts';
import { searchHref } from '../src/storefront/HeaderSearch.tsx';

describe("the add-user form's roles", () => {
  test("the storefront customers' role is never offered to a staff account; every other role is", () => {
    expect(staffRole.hidden?.({ id: 3, name: 'customer' })).toBe(true);
    expect(staffRole.hidden?.({ id: 1, name: 'admin' })).toBe(false);
    expect(staffRole.hidden?.({ id: 2, name: 'manager' })).toBe(false);
  });
});

describe("the storefront header's search", () => {
  test('opens the catalogue searched for the words, alone (page 1, no other filter)', () => {
    expect(searchHref(' desk lamp ')).toBe('/products?key=desk+lamp');
    expect(searchHref('50% & more')).toBe('/products?key=50%25+%26+more');
    expect(searchHref('   ')).toBe('/products');
  });
});
