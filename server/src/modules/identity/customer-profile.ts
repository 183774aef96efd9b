import { customerMessages, customerPhotoField, customerProfileForm, customerSessionEndpoints } from '@tillbook/contract';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { badRequest, fieldError, forbidden } from '../../platform/errors.ts';
import { encodeImage } from '../../platform/images.ts';
import { caller, found, parseBody, type RouteDef } from '../../platform/route.ts';
import { withStoredFiles } from '../../platform/stored-files.ts';
import { hashToken } from '../../platform/tokens.ts';
import { cartOrder, customer, refreshToken } from '../../schema/index.ts';
import { refuseTakenName } from './customer-auth.ts';
import { type CustomerRow, customerRoleName, profileImageUrl, readCustomerRefreshCookie } from './customer-session.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { claimAttempt, clearFailures } from './rate-limit.ts';

const what = 'Customer';

/** The profile a shopper sees: never the password hash or the Google id. */
async function view(db: DbOrTx, row: CustomerRow) {
  const { password: _password, googleId: _googleId, ...rest } = row;
  return {
    ...rest,
    profileImage: profileImageUrl(row.profileImage),
    role: await customerRoleName(db, row.roleId),
  };
}

/** Where the shopper's newest order went, or null before the first: the checkout offers it again. */
async function lastDeliveryOf(db: DbOrTx, customerId: number) {
  const [last] = await db
    .select({ deliveryAddress: cartOrder.deliveryAddress, customerPhone: cartOrder.customerPhone })
    .from(cartOrder)
    .where(eq(cartOrder.customerId, customerId))
    .orderBy(desc(cartOrder.id))
    .limit(1);
  return last ?? null;
}

/** The caller's own id, or a 403: a shopper reaches only their own account, whatever the path says. */
function ownId(req: FastifyRequest, id: number): number {
  const me = caller(req).id;
  if (id !== me) throw forbidden('You can only reach your own account');
  return me;
}

async function load(db: DbOrTx, id: number) {
  const [row] = await db.select().from(customer).where(eq(customer.id, id));
  return found(row, what);
}

/** A profile photo is stored once, fitted in a square. */
const photoSizes = { profile: { box: 400 } };
const photoFields = [customerPhotoField, 'image', 'images', 'images[]'];

/** The profile form: the text fields sent (a blank one clears it) and at most one photo. */
async function readProfileForm(ctx: AppContext, req: FastifyRequest) {
  const body = await ctx.files.readMultipart(req);
  const stray = body.files.find((f) => !photoFields.includes(f.field));
  if (stray) throw fieldError(stray.field, `cannot be a file; only ${customerPhotoField} can`);
  if (body.files.length > 1) throw fieldError(customerPhotoField, 'must be one file');
  const parsed = parseBody(customerProfileForm, body.fields);
  const fields = Object.fromEntries(Object.entries(parsed).filter(([name]) => name in body.fields)) as Partial<typeof parsed>;
  const removeImage = body.fields.removeImage === 'true';
  const upload = body.files[0];
  if (!upload && !removeImage && Object.keys(fields).length === 0) throw badRequest('Nothing to update: send a photo or a field');
  return { fields, upload, removeImage };
}

/** Ends every session of the customer but the one presenting `keep` (the caller's cookie). */
async function revokeOtherSessions(db: DbOrTx, customerId: number, keep: string | undefined) {
  const [current] = keep
    ? await db
        .select({ familyId: refreshToken.familyId })
        .from(refreshToken)
        .where(
          and(
            eq(refreshToken.tokenHash, hashToken(keep)),
            eq(refreshToken.subjectKind, 'customer'),
            eq(refreshToken.subjectId, customerId),
          ),
        )
    : [];
  await db
    .update(refreshToken)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshToken.subjectKind, 'customer'),
        eq(refreshToken.subjectId, customerId),
        isNull(refreshToken.revokedAt),
        ...(current ? [ne(refreshToken.familyId, current.familyId)] : []),
      ),
    );
}

/** The signed-in shopper's own account: read it, change it (with a photo), change the password. */
export function customerProfileRoutes(ctx: AppContext): RouteDef[] {
  return [
    implement(ctx, customerSessionEndpoints.profile, async ({ req }) => {
      const me = caller(req).id;
      const [row, lastDelivery] = await Promise.all([load(ctx.db, me), lastDeliveryOf(ctx.db, me)]);
      return { ...(await view(ctx.db, row)), lastDelivery };
    }),
    implement(ctx, customerSessionEndpoints.profileById, async ({ params, req }) =>
      view(ctx.db, await load(ctx.db, ownId(req, params.id))),
    ),
    implement(ctx, customerSessionEndpoints.updateProfile, async ({ params, req }) => {
      const id = ownId(req, params.id);
      const change = await readProfileForm(ctx, req);
      const image = change.upload ? await encodeImage(change.upload, photoSizes) : undefined;
      const row = await withStoredFiles(ctx, req, async (tx, files) => {
        const [current] = await tx.select().from(customer).where(eq(customer.id, id)).for('update');
        found(current, what);
        if (change.fields.username !== undefined) await refuseTakenName(tx, 'username', change.fields.username, id);
        const values: Partial<typeof customer.$inferInsert> = { ...change.fields };
        if (image) values.profileImage = await files.add(image.ext, image.data.profile);
        else if (change.removeImage) values.profileImage = null;
        if (image || change.removeImage) files.removeAfterCommit(current!.profileImage);
        const [updated] = await tx.update(customer).set(values).where(eq(customer.id, id)).returning();
        return updated!;
      });
      return view(ctx.db, row);
    }),
    implement(ctx, customerSessionEndpoints.changePassword, async ({ params, body, req }) => {
      const id = ownId(req, params.id);
      const current = await load(ctx.db, id);
      // guesses of the old password are throttled like logins
      await claimAttempt(req.db, { kind: 'customer-password', name: String(id) }, req.ip);
      if (!(await verifyPassword(current.password, body.oldPassword))) throw fieldError('oldPassword', 'is not correct');
      await clearFailures(ctx.db, { kind: 'customer-password', name: String(id) }, req.ip);
      if (body.password === body.oldPassword) throw fieldError('password', 'must differ from the old password');
      const hashed = await hashPassword(body.password);
      await req.db.transaction(async (tx) => {
        await tx.update(customer).set({ password: hashed }).where(eq(customer.id, id));
        await revokeOtherSessions(tx, id, readCustomerRefreshCookie(req));
      });
      return { message: customerMessages.passwordChanged };
    }),
  ];
}
