import { describe, expect, test } from 'vitest';
import { catalogueHeading, catalogueTitle } from '../src/storefront/catalogue-title.ts';

describe("the catalogue's title", () => {
  test('the search term, with where it looks', () => {
    expect(catalogueHeading({ key: 'kettle' })).toBe('Results for “kettle”');
    expect(catalogueHeading({ key: ' kettle ', category: 'Household' })).toBe('Results for “kettle” in Household');
    expect(catalogueHeading({ key: 'kettle', category: 'Household', subCategory: 'Kitchen' })).toBe('Results for “kettle” in Kitchen');
  });

  test('the category, the sub-category under it, the brand, else all products', () => {
    expect(catalogueHeading({ category: 'Household' })).toBe('Household');
    expect(catalogueHeading({ category: 'Household', subCategory: 'Kitchen' })).toBe('Household › Kitchen');
    expect(catalogueHeading({ subCategory: 'Kitchen' })).toBe('Kitchen');
    expect(catalogueHeading({ brand: 'Acme' })).toBe('Acme');
    expect(catalogueHeading({ key: '  ' })).toBe('Products');
    expect(catalogueHeading({})).toBe('Products');
  });

  test("the browser's title ends in the shop's name", () => {
    expect(catalogueTitle({ key: 'kettle' }, 'Corner Shop')).toBe('Results for “kettle” · Corner Shop');
    expect(catalogueTitle({ category: 'Household' }, null)).toBe('Household');
  });
});
