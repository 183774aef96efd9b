import { randomBytes } from 'node:crypto';
import { allPermissionNames, customerGrants, formerCashierName, type RoleName, roleNames, rolePresets } from '@tillbook/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { mainAccounts, systemSubAccounts } from '../modules/accounting/index.ts';
import { hashPassword } from '../modules/identity/index.ts';
import { seedDefaultTill } from '../modules/till/index.ts';
import type { Db, DbOrTx } from '../platform/db.ts';
import * as s from '../schema/index.ts';
import { currencies } from './currencies.ts';
import { seedWalkInCustomer } from './walk-in.ts';

/** The company name of a new installation, until the owner sets theirs. */
export const defaultCompanyName = 'My Shop';

export interface SeedOptions {
  adminUsername: string;
  adminPassword?: string;
  /** Where to say the generated owner password; defaults to the console. */
  announce?: (text: string) => void;
}

/**
 * What every installation needs. Safe to run at every start: it adds what is missing and never
 * changes what the shop owner has edited.
 */
export async function seedBase(db: Db, options: SeedOptions): Promise<void> {
  let announcement: string | undefined;
  await db.transaction(async (tx) => {
    // serialise concurrent first starts against one database server
    await tx.execute(sql`select pg_advisory_xact_lock(727274)`);

    // a shop seeded before the presets calls its cashier by the reference's name: it becomes the cashier
    await tx.execute(sql`update role set name = 'cashier', updated_at = now()
      where name = ${formerCashierName} and not preset_granted and not exists (select 1 from role where name = 'cashier')`);
    const newRoles = await tx
      .insert(s.role)
      .values(roleNames.map((name) => ({ name })))
      .onConflictDoNothing()
      .returning();
    await tx
      .insert(s.permission)
      .values(allPermissionNames.map((name) => ({ name })))
      .onConflictDoNothing();

    const roles = new Map((await tx.select().from(s.role)).map((r) => [r.name, r.id]));
    const permissions = await tx.select({ id: s.permission.id, name: s.permission.name }).from(s.permission);
    // the owner's role holds every permission, including ones added by a newer version
    await tx
      .insert(s.rolePermission)
      .values(permissions.map((p) => ({ roleId: roles.get('super-admin')!, permissionId: p.id })))
      .onConflictDoNothing();
    if (newRoles.some((r) => r.name === 'customer')) {
      const grants = permissions.filter((p) => (customerGrants as string[]).includes(p.name));
      await tx.insert(s.rolePermission).values(grants.map((p) => ({ roleId: roles.get('customer')!, permissionId: p.id })));
    }
    await grantPresets(tx, permissions);

    // the main accounts, found by key (the owner may rename them)
    await tx
      .insert(s.account)
      .values([...mainAccounts])
      .onConflictDoNothing();
    const accountOfKey = new Map<string, number>();
    for (const a of await tx.select().from(s.account)) if (a.systemKey) accountOfKey.set(a.systemKey, a.id);
    await tx
      .insert(s.subAccount)
      .values(systemSubAccounts.map((a) => ({ name: a.name, systemKey: a.systemKey, accountId: accountOfKey.get(a.account)! })))
      .onConflictDoNothing();

    const [anyCurrency] = await tx.select({ id: s.currency.id }).from(s.currency).limit(1);
    if (!anyCurrency) {
      await tx.insert(s.currency).values(currencies.map(([currencyName, currencySymbol]) => ({ currencyName, currencySymbol })));
    }
    const [setting] = await tx.select({ id: s.appSetting.id }).from(s.appSetting).limit(1);
    if (!setting) {
      const [dollar] = await tx.select({ id: s.currency.id }).from(s.currency).where(eq(s.currency.currencyName, 'DOLLAR'));
      await tx
        .insert(s.appSetting)
        .values({ companyName: defaultCompanyName, footer: 'Powered by Tillbook', currencyId: dollar?.id ?? null });
    }
    const [anyUnit] = await tx.select({ id: s.uom.id }).from(s.uom).limit(1);
    if (!anyUnit) await tx.insert(s.uom).values(['pc', 'kg', 'ltr', 'ml', 'gm'].map((name) => ({ name })));
    const [anyVat] = await tx.select({ id: s.productVat.id }).from(s.productVat).limit(1);
    if (!anyVat) {
      await tx.insert(s.productVat).values([
        { title: 'Standard', percentage: 10 },
        { title: 'Import and supply', percentage: 15 },
      ]);
    }

    await seedWalkInCustomer(tx, roles.get('customer')!);
    await seedDefaultTill(tx);
    // the till takes cash from the first start; created once, so a renamed or removed one stays so
    if (newRoles.length) {
      const [cash] = await tx.select({ id: s.subAccount.id }).from(s.subAccount).where(eq(s.subAccount.systemKey, 'cash'));
      await tx
        .insert(s.paymentMethod)
        .values({
          methodName: 'Cash',
          subAccountId: cash!.id,
          instruction: 'Cash at the till; change is given from the drawer.',
          atTill: 'true',
          atCheckout: 'false',
        })
        .onConflictDoNothing();
    }

    const superAdminId = roles.get('super-admin')!;
    const [owner] = await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.roleId, superAdminId)).limit(1);
    if (!owner) {
      const generated = !options.adminPassword;
      const password = options.adminPassword ?? randomBytes(12).toString('base64url');
      // a taken username (say the owner's own account moved to another role) is left alone
      const created = await tx
        .insert(s.users)
        .values({
          firstName: 'Shop',
          lastName: 'Owner',
          username: options.adminUsername,
          password: await hashPassword(password),
          roleId: superAdminId,
          employeeId: '1001',
        })
        .onConflictDoNothing()
        .returning({ id: s.users.id });
      if (generated && created.length) {
        announcement = `\n  Owner account created. Username: ${options.adminUsername}  Password: ${password}\n  (shown once; set ADMIN_PASSWORD to choose it)\n`;
      }
    }
  });
  // said only once the account is committed, so the password shown is the one that works
  if (announcement) (options.announce ?? console.log)(announcement);
}

/**
 * Gives each preset role (role-presets.ts) its grants, once: a role that holds no grants yet gets its
 * preset, and every preset role is then marked, so a role the owner has emptied since stays empty and
 * a role the owner has already set up keeps exactly its own grants.
 */
async function grantPresets(tx: DbOrTx, permissions: { id: number; name: string }[]): Promise<void> {
  const names = Object.keys(rolePresets) as RoleName[];
  const pending = await tx
    .select({ id: s.role.id, name: s.role.name })
    .from(s.role)
    .where(and(inArray(s.role.name, names), eq(s.role.presetGranted, false)));
  if (!pending.length) return;
  const idOf = new Map(permissions.map((p) => [p.name, p.id]));
  const granted = new Set(
    (
      await tx
        .selectDistinct({ roleId: s.rolePermission.roleId })
        .from(s.rolePermission)
        .where(
          inArray(
            s.rolePermission.roleId,
            pending.map((r) => r.id),
          ),
        )
    ).map((r) => r.roleId),
  );
  const grants = pending
    .filter((r) => !granted.has(r.id))
    .flatMap((r) => (rolePresets[r.name as RoleName] ?? []).map((name) => ({ roleId: r.id, permissionId: idOf.get(name)! })));
  if (grants.length) await tx.insert(s.rolePermission).values(grants).onConflictDoNothing();
  await tx
    .update(s.role)
    .set({ presetGranted: true })
    .where(
      inArray(
        s.role.id,
        pending.map((r) => r.id),
      ),
    );
}
