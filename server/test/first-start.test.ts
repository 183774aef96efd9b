import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { allPermissionNames, customerGrants, roleNames, rolePresets } from '@tillbook/contract';
import { eq, isNotNull } from 'drizzle-orm';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { withDatabase } from '../../scripts/test-databases.mjs';
import { type Booted, boot } from '../src/boot.ts';
import { readConfig } from '../src/config.ts';
import { mainAccounts, systemSubAccounts } from '../src/modules/accounting/index.ts';
import type { Db } from '../src/platform/db.ts';
import { pgClient } from '../src/platform/pg-client.ts';
import * as s from '../src/schema/index.ts';
import { currencies } from '../src/seed/currencies.ts';

/**
 * Boots the way main.ts does, on an empty data folder (embedded run) or a new, empty PostgreSQL
 * database (server run), then again on the same data.
 */
const mode = inject('mode');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyStore(): Promise<Record<string, string>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-first-start-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web') };
  if (mode === 'embedded') return env;
  const server = process.env.TEST_DATABASE_URL!;
  // not named tillbook_*: other test runs drop those as leftovers of killed runs
  const name = `tbfirststart_${process.pid}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = async (statement: string) => {
    const client = pgClient(server);
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database "${name}"`);
  cleanups.push(() => admin(`drop database if exists "${name}" with (force)`));
  return { ...env, DATABASE_URL: withDatabase(server, name) };
}

async function start(env: Record<string, string>, announced: string[] = []): Promise<Booted> {
  const booted = await boot(readConfig(env), { announce: (text) => announced.push(text), logger: false });
  cleanups.push(booted.close);
  return booted;
}

async function stop(booted: Booted) {
  await booted.close();
  cleanups.splice(cleanups.indexOf(booted.close), 1);
}

const baseTables = {
  role: s.role,
  permission: s.permission,
  rolePermission: s.rolePermission,
  users: s.users,
  account: s.account,
  subAccount: s.subAccount,
  currency: s.currency,
  uom: s.uom,
  productVat: s.productVat,
  appSetting: s.appSetting,
  paymentMethod: s.paymentMethod,
};
const demoTables = {
  department: s.department,
  designation: s.designation,
  employmentStatus: s.employmentStatus,
  shift: s.shift,
  award: s.award,
  productCategory: s.productCategory,
  productSubCategory: s.productSubCategory,
  productBrand: s.productBrand,
  colors: s.colors,
  productAttribute: s.productAttribute,
  productAttributeValue: s.productAttributeValue,
  deliveryFee: s.deliveryFee,
  pageSize: s.pageSize,
  termsAndCondition: s.termsAndCondition,
  courierMedium: s.courierMedium,
  product: s.product,
  productImage: s.productImage,
  discount: s.discount,
  stockMovement: s.stockMovement,
};
type Counts = Record<keyof typeof baseTables | keyof typeof demoTables | 'serverState', number>;

async function counts(db: Db): Promise<Counts> {
  const out: Record<string, number> = { serverState: await db.$count(s.serverState) };
  for (const [name, table] of Object.entries({ ...baseTables, ...demoTables })) out[name] = await db.$count(table);
  return out as Counts;
}

const expectedBase = {
  role: roleNames.length,
  permission: allPermissionNames.length,
  rolePermission:
    allPermissionNames.length + customerGrants.length + Object.values(rolePresets).reduce((n, grants) => n + grants.length, 0),
  users: 1,
  account: mainAccounts.length,
  // and Till 1's drawer (issue 31)
  subAccount: systemSubAccounts.length + 1,
  currency: currencies.length,
  uom: 5,
  productVat: 2,
  appSetting: 1,
  /** Cash, so the till works from the first start. */
  paymentMethod: 1,
};

const login = (booted: Booted, username: string, password: string) =>
  booted.app.inject({ method: 'POST', url: '/v1/user/login', payload: { username, password } });

async function grantsOf(db: Db, roleName: string): Promise<string[]> {
  const rows = await db
    .select({ name: s.permission.name })
    .from(s.rolePermission)
    .innerJoin(s.role, eq(s.role.id, s.rolePermission.roleId))
    .innerJoin(s.permission, eq(s.permission.id, s.rolePermission.permissionId))
    .where(eq(s.role.name, roleName));
  return rows.map((r) => r.name).sort();
}

describe(`first start and restart (${mode} database)`, () => {
  test('seeds once, keeps what was added, the owner password and the signing secret', async () => {
    const env = { ...(await emptyStore()), ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'chosen-password-1', SEED_DEMO: 'true' };
    const announced: string[] = [];
    const first = await start(env, announced);
    const db = first.database.db;
    expect(announced).toEqual([]);

    const seeded = await counts(db);
    // the demo adds Card, Cash on delivery and Bank transfer beside the base Cash
    expect(seeded).toMatchObject({ ...expectedBase, paymentMethod: 4 });
    for (const name of Object.keys(demoTables)) expect(seeded[name as keyof Counts], name).toBeGreaterThan(0);
    expect((await db.select({ name: s.role.name }).from(s.role)).map((r) => r.name).sort()).toEqual([...roleNames].sort());
    expect(await grantsOf(db, 'super-admin')).toEqual([...allPermissionNames].sort());
    expect(await grantsOf(db, 'customer')).toEqual([...customerGrants].sort());
    for (const [other, grants] of Object.entries(rolePresets)) expect(await grantsOf(db, other), other).toEqual([...grants].sort());
    expect((await db.select({ name: s.uom.name }).from(s.uom)).map((u) => u.name).sort()).toEqual(['gm', 'kg', 'ltr', 'ml', 'pc']);
    expect((await db.select({ p: s.productVat.percentage }).from(s.productVat)).map((v) => v.p).sort()).toEqual([10, 15]);
    const keys = (await db.select({ key: s.subAccount.systemKey }).from(s.subAccount).where(isNotNull(s.subAccount.systemKey)))
      .map((a) => a.key)
      .sort();
    expect(keys).toEqual(systemSubAccounts.map((a) => a.systemKey).sort());
    const [owner] = await db.select().from(s.users);
    expect(owner).toMatchObject({ username: 'boss', status: true });
    expect(owner!.password).toMatch(/^\$argon2id\$/);

    const signedIn = await login(first, 'boss', 'chosen-password-1');
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().token as string;
    const renamed = await first.app.inject({
      method: 'POST',
      url: '/v1/setting',
      headers: { authorization: `Bearer ${token}` },
      payload: { companyName: 'Boss Stores' },
    });
    expect(renamed.statusCode).toBe(200);
    await db.insert(s.uom).values({ name: 'box' });
    await db.insert(s.department).values({ name: 'Added between starts' });
    await stop(first);

    // a different ADMIN_PASSWORD on restart does not reset the owner's password
    const again = await start({ ...env, ADMIN_PASSWORD: 'another-password-2' }, announced);
    expect(again.secret).toBe(first.secret);
    expect(announced).toEqual([]);
    expect(await counts(again.database.db)).toEqual({ ...seeded, uom: seeded.uom + 1, department: seeded.department + 1 });
    expect((await login(again, 'boss', 'chosen-password-1')).statusCode).toBe(200);
    expect((await login(again, 'boss', 'another-password-2')).statusCode).toBe(401);
    const setting = await again.app.inject({ method: 'GET', url: '/v1/setting', headers: { authorization: `Bearer ${token}` } });
    expect(setting.statusCode).toBe(200);
    expect(setting.json()).toMatchObject({ companyName: 'Boss Stores', allowNegativeStock: 'false' });
  }, 180_000);

  test('without SEED_DEMO no demo rows; a generated owner password is announced once', async () => {
    const env = { ...(await emptyStore()), SEED_DEMO: 'false' };
    const announced: string[] = [];
    const first = await start(env, announced);
    expect(announced).toHaveLength(1);
    const password = /Username: owner {2}Password: (\S+)/.exec(announced[0]!)?.[1];
    expect(password).toBeTruthy();
    const seeded = await counts(first.database.db);
    expect(seeded).toMatchObject(expectedBase);
    for (const name of Object.keys(demoTables)) expect(seeded[name as keyof Counts], name).toBe(0);
    expect((await login(first, 'owner', password!)).statusCode).toBe(200);
    await stop(first);

    const again = await start(env, announced);
    expect(announced).toHaveLength(1);
    expect(again.secret).toBe(first.secret);
    expect(await counts(again.database.db)).toEqual(seeded);
    expect((await login(again, 'owner', password!)).statusCode).toBe(200);
  }, 180_000);

  test('the demo shop asked for later skips what the shop already has and keeps its name', async () => {
    const env = { ...(await emptyStore()), ADMIN_PASSWORD: 'chosen-password-1', SEED_DEMO: 'false' };
    const first = await start(env);
    await first.database.db.update(s.appSetting).set({ companyName: 'Own Shop' });
    await first.database.db.insert(s.productCategory).values({ name: 'Household' });
    await first.database.db.insert(s.colors).values({ name: 'Black', colorCode: '#111111' });
    await stop(first);

    const withDemo = await start({ ...env, SEED_DEMO: 'true' });
    const db = withDemo.database.db;
    const [setting] = await db.select().from(s.appSetting);
    expect(setting!.companyName).toBe('Own Shop');
    expect(await db.$count(s.productCategory, eq(s.productCategory.name, 'Household'))).toBe(1);
    expect((await db.select().from(s.colors).where(eq(s.colors.name, 'Black')))[0]!.colorCode).toBe('#111111');
    expect(await db.$count(s.productSubCategory)).toBeGreaterThan(0);
    expect(await counts(db)).toMatchObject({ ...expectedBase, paymentMethod: 4 });
  }, 180_000);
});

describe('which installations get the demo shop', () => {
  test('embedded by default, a PostgreSQL server only when SEED_DEMO says so', () => {
    expect(readConfig({}).seedDemo).toBe(true);
    expect(readConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(readConfig({ DATABASE_URL: 'postgres://x@y/z' }).seedDemo).toBe(false);
    expect(readConfig({ DATABASE_URL: 'postgres://x@y/z', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });
});
