import { labelOf, type ResourceKey, resources } from '@tillbook/contract';
import { expect, test } from 'vitest';
import { settingFields } from '../src/admin/identity/setting-fields.ts';
import { userScreen } from '../src/admin/identity/users.tsx';
import { buyScreens } from '../src/admin/resources/buy-screens.ts';
import { catalogueScreens } from '../src/admin/resources/catalogue-screens.ts';
import { crmScreens } from '../src/admin/resources/crm-screens.ts';
import { settingsScreens } from '../src/admin/resources/settings-screens.ts';
import { shopScreens } from '../src/admin/resources/shop-screens.ts';
import { staffScreens } from '../src/admin/resources/staff-screens.ts';
import { discountScreen } from '../src/admin/stock/definitions.ts';
import type { FieldDef } from '../src/ui/resource/fields.ts';
import type { ResourceScreen } from '../src/ui/resource/ResourceListPage.tsx';

/**
 * The server names a refused field with the contract's label ("Sale price must be an amount"); the
 * screen shows the field under its own label. They must be the same words, or the notice and the
 * field would call one thing by two names.
 */
const plain: Partial<Record<ResourceKey, ResourceScreen>> = {
  ...buyScreens,
  ...staffScreens,
  ...catalogueScreens,
  ...shopScreens,
  ...settingsScreens,
  ...crmScreens,
};

const mismatches = (fields: FieldDef[], own?: Record<string, string>) =>
  fields.filter((f) => f.label !== labelOf(f.name, own)).map((f) => `${f.name}: screen '${f.label}', contract '${labelOf(f.name, own)}'`);

test('every plain screen labels its fields as the contract does', () => {
  for (const key of Object.keys(resources) as ResourceKey[]) {
    const screen = plain[key]!;
    expect(mismatches(screen.fields, resources[key].labels), key).toEqual([]);
    expect(screen.labels).toBe(resources[key].labels);
  }
  expect(mismatches(discountScreen.fields)).toEqual([]);
});

test('the settings and the staff account forms label their fields as the contract does', () => {
  expect(mismatches(settingFields)).toEqual([]);
  // an edit asks for a new password: the form says so, the server's "Password ..." still names it
  expect(mismatches(userScreen.fields)).toEqual([]);
});

test('a name with no label reads as words, never as code', () => {
  expect(labelOf('productSalePrice')).toBe('Sale price');
  expect(labelOf('companyName')).toBe('Company name');
  expect(labelOf('employmentStatusId')).toBe('Employment status');
  expect(labelOf('1.colorCode')).toBe('Item 2: Colour');
  expect(labelOf('name', resources.productAttributeValue.labels)).toBe('Value');
});
