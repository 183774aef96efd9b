import { permissionName, sliderDisplayWidth, sliderImageFields, sliderImagesListKeys, sliderImagesPath, type SliderImageFields } from '@tillbook/contract';
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest, fieldError } from '../../platform/errors.ts';
import { FileStore, type Upload } from '../../platform/files.ts';
import { encodeImage } from '../../platform/images.ts';
import { conventionWhere, paging, parseListQuery, whereAll, type ListQuery } from '../../platform/list-query.ts';
import { found, idParam, parseBody, type RouteDef } from '../../platform/route.ts';
import { withStoredFiles } from '../../platform/stored-files.ts';
import { toWire } from '../../platform/wire.ts';
import { sliderImages } from '../../schema/index.ts';

type SliderRow = typeof sliderImages.$inferSelect;
const what = 'Slider image';
const base = `/${sliderImagesPath}`;
const perm = (action: 'create' | 'readAll' | 'readSingle' | 'update' | 'delete') => permissionName(action, 'sliderImages');

/** A row for the wire, with the URL its image is served at. */
const wire = (row: SliderRow) => ({ ...toWire(row), imageUrl: FileStore.url(row.image) });

async function list(db: DbOrTx, q: ListQuery) {
  const where = whereAll(conventionWhere(q, { status: sliderImages.status, search: [sliderImages.linkUrl], date: sliderImages.createdAt }));
  const { limit, offset } = paging(q);
  let rows = db.select().from(sliderImages).where(where).orderBy(asc(sliderImages.index), asc(sliderImages.id)).$dynamic();
  if (limit !== undefined) rows = rows.limit(limit).offset(offset);
  const [found, [total]] = await Promise.all([rows, db.select({ n: count() }).from(sliderImages).where(where)]);
  return { [sliderImagesListKeys.rows]: found.map(wire), [sliderImagesListKeys.total]: Number(total?.n ?? 0) };
}

interface SliderChange { fields: Partial<SliderImageFields>; upload?: Upload }

/** Form data: the text fields and at most one file, `image` (required on create). */
async function readForm(ctx: AppContext, req: FastifyRequest, creating: boolean): Promise<SliderChange> {
  const body = await ctx.files.readMultipart(req);
  const stray = body.files.find((f) => f.field !== 'image');
  if (stray) throw fieldError(stray.field, 'cannot be a file; only image can');
  if (body.files.length > 1) throw fieldError('image', 'must be one file');
  const upload = body.files[0];
  if (creating && !upload) throw fieldError('image', 'is required');
  if (creating) return { fields: parseBody(sliderImageFields, body.fields), upload };
  const parsed = parseBody(sliderImageFields.partial(), body.fields);
  // only what was sent: absent fields keep their values
  const fields = Object.fromEntries(Object.entries(parsed).filter(([name]) => name in body.fields)) as Partial<SliderImageFields>;
  if (!upload && Object.keys(fields).length === 0) throw badRequest('Nothing to update: send an image or a field');
  return { fields, upload };
}

const columnsOf = (fields: Partial<SliderImageFields>) => {
  const { status, ...rest } = fields;
  return { ...rest, ...(status !== undefined ? { status: status === 'true' } : {}) };
};

/** Slider images are stored once, scaled down to the storefront's display width. */
const sizes = { display: { width: sliderDisplayWidth } };

/** Writes in one transaction; the image it replaces is removed after commit. */
async function write(ctx: AppContext, log: FastifyBaseLogger, change: SliderChange, id?: number): Promise<SliderRow> {
  const image = change.upload ? await encodeImage(change.upload, sizes) : undefined;
  return withStoredFiles(ctx, log, async (tx, files) => {
    let current: SliderRow | undefined;
    if (id !== undefined) {
      [current] = await tx.select().from(sliderImages).where(eq(sliderImages.id, id)).for('update');
      found(current, what);
    }
    const values = { ...columnsOf(change.fields), ...(image ? { image: await files.add(image.ext, image.data.display) } : {}) };
    if (!current) {
      const [created] = await tx.insert(sliderImages).values(values as typeof sliderImages.$inferInsert).returning();
      return created!;
    }
    const [updated] = await tx.update(sliderImages).set(values).where(eq(sliderImages.id, current.id)).returning();
    if (image) files.removeAfterCommit(current.image);
    return updated!;
  });
}

/** Storefront slider images: staff manage them with form data; the storefront reads the active ones. */
export function sliderRoutes(ctx: AppContext): RouteDef[] {
  const update = async (req: FastifyRequest) => {
    const id = idParam(req);
    return wire(await write(ctx, req.log, await readForm(ctx, req, false), id));
  };
  return [
    {
      method: 'GET', url: base, access: perm('readAll'),
      handler: async (req) => list(ctx.db, parseListQuery(req.query) as ListQuery),
    },
    {
      method: 'GET', url: `${base}/public`, access: 'public',
      handler: async (req) => {
        const q = parseListQuery(req.query) as ListQuery;
        return list(ctx.db, { ...q, statuses: [true], unpaged: q.mode === 'all' || q.unpaged });
      },
    },
    {
      method: 'GET', url: `${base}/:id`, access: perm('readSingle'),
      handler: async (req) => {
        const [row] = await ctx.db.select().from(sliderImages).where(eq(sliderImages.id, idParam(req)));
        return wire(found(row, what));
      },
    },
    {
      method: 'POST', url: base, access: perm('create'),
      handler: async (req, reply) => {
        const row = await write(ctx, req.log, await readForm(ctx, req, true));
        reply.code(201);
        return wire(row);
      },
    },
    { method: 'POST', url: `${base}/:id`, access: perm('update'), handler: update },
    { method: 'PUT', url: `${base}/:id`, access: perm('update'), handler: update },
    {
      method: 'DELETE', url: `${base}/:id`, access: perm('delete'),
      handler: async (req) => {
        const id = idParam(req);
        const gone = await withStoredFiles(ctx, req.log, async (tx, files) => {
          const [row] = await tx.delete(sliderImages).where(eq(sliderImages.id, id)).returning();
          files.removeAfterCommit(found(row, what).image);
          return row!;
        });
        return wire(gone);
      },
    },
  ];
}
