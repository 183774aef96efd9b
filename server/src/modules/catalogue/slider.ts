import { type SliderImageFields, sliderDisplayWidth, sliderEndpoints, sliderImageFields, sliderImagesListKeys } from '@tillbook/contract';
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { badRequest, fieldError } from '../../platform/errors.ts';
import { FileStore, type Upload } from '../../platform/files.ts';
import { encodeImage } from '../../platform/images.ts';
import { conventionWhere, type ListQuery, whereAll } from '../../platform/list-query.ts';
import { paged } from '../../platform/queries.ts';
import { found, parseBody, type RouteDef } from '../../platform/route.ts';
import { withStoredFiles } from '../../platform/stored-files.ts';
import { sliderImages } from '../../schema/index.ts';

type SliderRow = typeof sliderImages.$inferSelect;
const what = 'Slider image';

/** A row with the URL its image is served at (the answer schema lists what is sent). */
const view = (row: SliderRow) => ({ ...row, imageUrl: FileStore.url(row.image) });

async function list(db: DbOrTx, q: ListQuery) {
  const where = whereAll(conventionWhere(q, { status: sliderImages.status, search: [sliderImages.linkUrl], date: sliderImages.createdAt }));
  const rows = paged(db.select().from(sliderImages).where(where).orderBy(asc(sliderImages.index), asc(sliderImages.id)).$dynamic(), q);
  const [found, [total]] = await Promise.all([rows, db.select({ n: count() }).from(sliderImages).where(where)]);
  return { [sliderImagesListKeys.rows]: found.map(view), [sliderImagesListKeys.total]: Number(total?.n ?? 0) };
}

interface SliderChange {
  fields: Partial<SliderImageFields>;
  upload?: Upload;
}

/** The file's field: `image`, or `images` as older clients send it. */
const imageFields = ['image', 'images', 'images[]'];

/** Form data: the text fields and at most one file, `image` (required on create). */
async function readForm(ctx: AppContext, req: FastifyRequest, creating: boolean): Promise<SliderChange> {
  const body = await ctx.files.readMultipart(req);
  const stray = body.files.find((f) => !imageFields.includes(f.field));
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
async function write(ctx: AppContext, req: FastifyRequest, change: SliderChange, id?: number): Promise<SliderRow> {
  const image = change.upload ? await encodeImage(change.upload, sizes) : undefined;
  return withStoredFiles(ctx, req, async (tx, files) => {
    let current: SliderRow | undefined;
    if (id !== undefined) {
      [current] = await tx.select().from(sliderImages).where(eq(sliderImages.id, id)).for('update');
      found(current, what);
    }
    const values = { ...columnsOf(change.fields), ...(image ? { image: await files.add(image.ext, image.data.display) } : {}) };
    if (!current) {
      const [created] = await tx
        .insert(sliderImages)
        .values(values as typeof sliderImages.$inferInsert)
        .returning();
      return created!;
    }
    const [updated] = await tx.update(sliderImages).set(values).where(eq(sliderImages.id, current.id)).returning();
    if (image) files.removeAfterCommit(current.image);
    return updated!;
  });
}

/** Storefront slider images: staff manage them with form data; the storefront reads the active ones. */
export function sliderRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  const update = async (req: FastifyRequest, id: number) => view(await write(ctx, req, await readForm(ctx, req, false), id));
  return [
    implement(ctx, sliderEndpoints.list, ({ query }) => list(db, query)),
    implement(ctx, sliderEndpoints.publicList, ({ query }) =>
      list(db, { ...query, statuses: [true], unpaged: query.mode === 'all' || query.unpaged }),
    ),
    implement(ctx, sliderEndpoints.get, async ({ params }) => {
      const [row] = await db.select().from(sliderImages).where(eq(sliderImages.id, params.id));
      return view(found(row, what));
    }),
    implement(ctx, sliderEndpoints.create, async ({ req }) => view(await write(ctx, req, await readForm(ctx, req, true)))),
    implement(ctx, sliderEndpoints.update, ({ req, params }) => update(req, params.id)),
    implement(ctx, sliderEndpoints.replace, ({ req, params }) => update(req, params.id)),
    implement(ctx, sliderEndpoints.delete, async ({ req, params }) => {
      const gone = await withStoredFiles(ctx, req, async (tx, files) => {
        const [row] = await tx.delete(sliderImages).where(eq(sliderImages.id, params.id)).returning();
        files.removeAfterCommit(found(row, what).image);
        return row!;
      });
      return view(gone);
    }),
  ];
}
