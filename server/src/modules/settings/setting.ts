import { type PublicSetting, type Setting, type SettingInput, settingEndpoints, settingInput, toStatusText } from '@tillbook/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { serverTimeZone } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { badRequest, fieldError, notFound } from '../../platform/errors.ts';
import { FileStore, type Upload } from '../../platform/files.ts';
import { roleHasPermission } from '../../platform/guard.ts';
import { checkImage } from '../../platform/images.ts';
import { parseBody, type RouteDef } from '../../platform/route.ts';
import { withStoredFiles } from '../../platform/stored-files.ts';
import type { AccessClaims } from '../../platform/tokens.ts';
import { appSetting, currency, users } from '../../schema/index.ts';

type SettingRow = typeof appSetting.$inferSelect & { currency: PublicSetting['currency'] };

/** The single settings row with its currency. */
async function loadSetting(db: DbOrTx, lock = false): Promise<SettingRow> {
  const query = db
    .select({
      setting: appSetting,
      currency: { id: currency.id, currencyName: currency.currencyName, currencySymbol: currency.currencySymbol },
    })
    .from(appSetting)
    .leftJoin(currency, eq(currency.id, appSetting.currencyId))
    .orderBy(asc(appSetting.id))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: appSetting }) : await query;
  if (!row) throw notFound('Settings');
  return { ...row.setting, currency: row.currency };
}

const publicView = (row: SettingRow): PublicSetting => ({
  companyName: row.companyName,
  tagLine: row.tagLine,
  logo: FileStore.url(row.logo),
  footer: row.footer,
  address: row.address,
  vatNumber: row.vatNumber,
  currency: row.currency,
  cashDenominations: row.cashDenominations,
});

const fullView = (row: SettingRow): Setting => ({
  id: row.id,
  ...publicView(row),
  phone: row.phone,
  email: row.email,
  website: row.website,
  dashboardType: row.dashboardType,
  currencyId: row.currencyId,
  allowNegativeStock: toStatusText(row.allowNegativeStock),
  blindClose: toStatusText(row.blindClose),
  discountAlertPercent: row.discountAlertPercent,
  timeZone: row.timeZone ?? serverTimeZone(),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Public routes only carry the token's claims; the account's status and current role are read
 * here, as the guard does for protected routes.
 */
async function mayReadAll(db: Db, auth: AccessClaims | undefined): Promise<boolean> {
  if (auth?.kind !== 'staff') return false;
  const [user] = await db.select({ active: users.status, roleId: users.roleId }).from(users).where(eq(users.id, auth.id));
  return !!user?.active && (await roleHasPermission(db, user.roleId, 'readAll-setting'));
}

interface SettingChange {
  input: SettingInput;
  upload?: Upload;
  /** The logo as text: null/'' clears it; the current URL leaves it; anything else is refused. */
  logoText?: string | null;
}

/** JSON, or form data with the text fields and an optional `logo` file. */
async function readChange(req: FastifyRequest, ctx: AppContext): Promise<SettingChange> {
  let raw: Record<string, unknown>;
  let upload: Upload | undefined;
  if (req.isMultipart()) {
    const body = await ctx.files.readMultipart(req);
    const stray = body.files.find((f) => f.field !== 'logo');
    if (stray) throw fieldError(stray.field, 'cannot be a file; only logo can');
    if (body.files.length > 1) throw fieldError('logo', 'must be one file');
    raw = body.fields;
    upload = body.files[0];
  } else {
    const body = req.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Send the settings as a JSON object');
    raw = body as Record<string, unknown>;
  }
  const input = parseBody(settingInput, raw);
  const logo = raw.logo;
  if (logo !== undefined && logo !== null && typeof logo !== 'string') throw fieldError('logo', 'must be an image file');
  return { input, upload, logoText: upload ? undefined : (logo as string | null | undefined) };
}

function changedColumns(input: SettingInput): Partial<typeof appSetting.$inferInsert> {
  const { allowNegativeStock, blindClose, ...rest } = input;
  const values: Partial<typeof appSetting.$inferInsert> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (values as Record<string, unknown>)[key] = value;
  }
  if (allowNegativeStock !== undefined) values.allowNegativeStock = allowNegativeStock === 'true';
  if (blindClose !== undefined) values.blindClose = blindClose === 'true';
  return values;
}

/** Applies a change in one transaction; the logo it replaces is removed after commit. */
async function updateSetting(ctx: AppContext, change: SettingChange, req: FastifyRequest): Promise<SettingRow> {
  // the logo is served back byte for byte as uploaded (tested), so it is checked, not re-encoded
  const logo = change.upload ? await checkImage(change.upload) : undefined;
  return withStoredFiles(ctx, req, async (tx, files) => {
    const current = await loadSetting(tx, true);
    const values = changedColumns(change.input);
    const { currencyId } = change.input;
    if (currencyId !== undefined && currencyId !== current.currencyId) {
      const [found] = await tx.select({ active: currency.status }).from(currency).where(eq(currency.id, currencyId));
      if (!found?.active) throw fieldError('currencyId', 'does not exist');
    }
    if (logo) {
      values.logo = await files.add(logo.ext, logo.data);
    } else if (change.logoText === null || change.logoText === '') {
      values.logo = null;
    } else if (change.logoText !== undefined && change.logoText !== FileStore.url(current.logo)) {
      throw fieldError('logo', 'must be an image file');
    }
    if (Object.keys(values).length === 0) return current;
    await tx.update(appSetting).set(values).where(eq(appSetting.id, current.id));
    if (values.logo !== undefined && current.logo !== values.logo) files.removeAfterCommit(current.logo);
    return loadSetting(tx);
  });
}

export function settingRoutes(ctx: AppContext): RouteDef[] {
  return [
    implement(ctx, settingEndpoints.read, async ({ req }) => {
      const row = await loadSetting(ctx.db);
      return (await mayReadAll(ctx.db, req.auth)) ? fullView(row) : publicView(row);
    }),
    implement(ctx, settingEndpoints.update, async ({ req }) => fullView(await updateSetting(ctx, await readChange(req, ctx), req))),
  ];
}
