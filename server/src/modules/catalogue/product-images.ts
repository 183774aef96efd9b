import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { maxGalleryImages, productFileFields } from '@tillbook/contract';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, fieldError } from '../../platform/errors.ts';
import { FileStore, type Upload } from '../../platform/files.ts';

/** Pixel sizes images are stored at: a list thumbnail and the product page's display size. */
const thumbnailPx = 200;
const displayPx = 800;
const acceptedFormats = new Set(['png', 'jpeg', 'gif', 'webp']);

/**
 * Every upload is stored twice, as WebP: the display size under a random name and the thumbnail
 * under the same name with the UUID's version digit ('4') set to '0', so one stored name leads
 * to both files and a random v4 name never collides with a thumbnail.
 */
export const thumbnailNameOf = (displayName: string) => `${displayName.slice(0, 14)}0${displayName.slice(15)}`;

export const imageUrls = (displayName: string | null | undefined) => ({
  url: FileStore.url(displayName),
  thumbnailUrl: displayName ? FileStore.url(thumbnailNameOf(displayName)) : null,
});

/** Text fields (repeated ones kept as lists) and files of a multipart request. */
export interface ProductForm {
  fields: Record<string, unknown>;
  thumbnail?: Upload;
  gallery: Upload[];
}

/**
 * Reads the product form. Repeated text fields become lists (colours may arrive that way), files
 * are held in memory within the upload size limit (413 beyond it).
 */
export async function readProductForm(req: FastifyRequest, ctx: AppContext): Promise<ProductForm> {
  const fields: Record<string, string | string[]> = {};
  const files: Upload[] = [];
  const maxBytes = ctx.files.maxBytes;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: maxGalleryImages + 2, fields: 200 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length > 0) files.push({ field: part.fieldname, filename: part.filename, data });
      } else {
        const value = String(part.value);
        const name = part.fieldname.replace(/\[\]$/, '');
        const before = fields[name];
        fields[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', `An image is larger than ${Math.round(maxBytes / 1024)} KB`);
    if (code === 'FST_FILES_LIMIT') throw fieldError(productFileFields.gallery, `must hold at most ${maxGalleryImages} images`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Too many fields in one request');
    throw error;
  }
  const thumbnails = files.filter((f) => f.field === productFileFields.thumbnail);
  const gallery = files.filter((f) => f.field === productFileFields.gallery || f.field === `${productFileFields.gallery}[]`);
  const stray = files.find((f) => !thumbnails.includes(f) && !gallery.includes(f));
  if (stray) throw fieldError(stray.field, `cannot be a file; send images as ${productFileFields.thumbnail} or ${productFileFields.gallery}`);
  if (thumbnails.length > 1) throw fieldError(productFileFields.thumbnail, 'must be one image');
  if (gallery.length > maxGalleryImages) throw fieldError(productFileFields.gallery, `must hold at most ${maxGalleryImages} images`);
  return { fields, thumbnail: thumbnails[0], gallery };
}

/** Files this request stored: removed again if the request fails. */
export class SavedImages {
  readonly names: string[] = [];
  constructor(private readonly files: FileStore) {}

  /**
   * Checks the image by its content (what sharp can decode, not the name or type sent), then
   * stores it at both sizes as WebP. Answers the display name.
   */
  async save(upload: Upload): Promise<string> {
    const refuse = () => fieldError(upload.field.replace(/\[\]$/, ''), 'must be a PNG, JPEG, GIF or WebP image');
    let format: string | undefined;
    try {
      format = (await sharp(upload.data).metadata()).format;
    } catch {
      throw refuse();
    }
    if (!format || !acceptedFormats.has(format)) throw refuse();
    const name = `${randomUUID()}.webp`;
    await fs.mkdir(this.files.dir, { recursive: true });
    try {
      const resize = (px: number) => sharp(upload.data).rotate().resize(px, px, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
      const [display, thumbnail] = await Promise.all([resize(displayPx), resize(thumbnailPx)]);
      this.names.push(name);
      await fs.writeFile(path.join(this.files.dir, name), display, { flag: 'wx' });
      await fs.writeFile(path.join(this.files.dir, thumbnailNameOf(name)), thumbnail, { flag: 'wx' });
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === 'EEXIST') throw error;
      throw refuse();
    }
    return name;
  }

  async saveAll(uploads: Upload[]): Promise<string[]> {
    const names: string[] = [];
    for (const upload of uploads) names.push(await this.save(upload));
    return names;
  }

  /** Removes everything this request stored (after a failed transaction). */
  async discard(): Promise<void> {
    await removeImages(this.files, this.names);
  }
}

/** Removes stored images at both sizes. */
export async function removeImages(files: FileStore, names: (string | null | undefined)[]): Promise<void> {
  for (const name of names) {
    if (!name) continue;
    await files.remove(name);
    await files.remove(thumbnailNameOf(name));
  }
}
