import { permissionName, type ResourceKey, resources } from '@tillbook/contract';
import { expect, test } from 'vitest';
import { buyScreens } from '../src/admin/resources/buy-screens.ts';
import { catalogueScreens } from '../src/admin/resources/catalogue-screens.ts';
import { crmScreens } from '../src/admin/resources/crm-screens.ts';
import { resourceScreens } from '../src/admin/resources/screens.ts';
import { settingsScreens } from '../src/admin/resources/settings-screens.ts';
import { shopScreens } from '../src/admin/resources/shop-screens.ts';
import { staffScreens } from '../src/admin/resources/staff-screens.ts';
import { formats } from '../src/ui/resource/columns.tsx';
import type { ResourceScreen } from '../src/ui/resource/ResourceListPage.tsx';

const definitions: Partial<Record<ResourceKey, ResourceScreen>> = {
  ...buyScreens,
  ...staffScreens,
  ...catalogueScreens,
  ...shopScreens,
  ...settingsScreens,
  ...crmScreens,
};

test('every plain resource contract has a screen whose form holds exactly its input fields', () => {
  for (const key of Object.keys(resources) as ResourceKey[]) {
    const contract = resources[key];
    const screen = definitions[key];
    expect(screen, key).toBeDefined();
    expect(screen!.path).toBe(contract.path);
    expect(screen!.fields.map((f) => f.name).sort(), key).toEqual(Object.keys(contract.input.shape).sort());
    expect(screen!.deletion).toBe(contract.deletion);
  }
});

test('every plain screen is registered once, opened by readAll on its entity', () => {
  const permissions = resourceScreens.map((s) => s.permission).sort();
  expect(permissions).toEqual(
    Object.values(resources)
      .map((c) => permissionName('readAll', c.entity))
      .sort(),
  );
  expect(new Set(resourceScreens.map((s) => s.path)).size).toBe(resourceScreens.length);
});

test('list values read as a person expects', () => {
  expect(formats.money(3.5)).toBe('3.50');
  expect(formats.money('1234.005')).toBe('1,234.01');
  expect(formats.date('2024-02-29T10:00:00.000Z')).toBe('2024-02-29');
  expect(formats.time('08:00:00')).toBe('08:00');
  expect(formats.number(15, '%')).toBe('15%');
  expect(formats.money(null)).toBe('');
});
