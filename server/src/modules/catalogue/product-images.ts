import { maxGalleryImages, productFileFields } from '@tillbook/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, fieldError } from '../../platform/errors.ts';
import { FileStore, type Upload } from '../../platform/files.ts';
import { type EncodedImage, encodeImage } from '../../platform/images.ts';
import type { StagedFiles } from '../../platform/stored-files.ts';

/** Pixel sizes images are stored at: a list thumbnail and the product page's display size. */
const thumbnailPx = 200;
const displayPx = 800;

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
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', `An image is larger than ${Math.round(maxBytes / 1024)} KB`);
    if (code === 'FST_FILES_LIMIT') throw fieldError(productFileFields.gallery, `must hold at most ${maxGalleryImages} images`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Too many fields in one request');
    throw error;
  }
  const thumbnails = files.filter((f) => f.field === productFileFields.thumbnail);
  const gallery = files.filter((f) => f.field === productFileFields.gallery || f.field === `${productFileFields.gallery}[]`);
  const stray = files.find((f) => !thumbnails.includes(f) && !gallery.includes(f));
  if (stray)
    throw fieldError(stray.field, `cannot be a file; send images as ${productFileFields.thumbnail} or ${productFileFields.gallery}`);
  if (thumbnails.length > 1) throw fieldError(productFileFields.thumbnail, 'must be one image');
  if (gallery.length > maxGalleryImages) throw fieldError(productFileFields.gallery, `must hold at most ${maxGalleryImages} images`);
  return { fields, thumbnail: thumbnails[0], gallery };
}

/** Both sizes of every upload, checked and encoded; nothing is stored yet. */
export interface EncodedProductImages {
  thumbnail?: EncodedProductImage;
  gallery: EncodedProductImage[];
}
type EncodedProductImage = EncodedImage<'display' | 'thumbnail'>;

const sizes = { display: { box: displayPx }, thumbnail: { box: thumbnailPx } };

/** Decodes and re-encodes the form's images before any transaction starts (a 400 naming the field otherwise). */
export async function encodeProductImages(form: ProductForm): Promise<EncodedProductImages> {
  const thumbnail = form.thumbnail ? await encodeImage(form.thumbnail, sizes) : undefined;
  const gallery: EncodedProductImage[] = [];
  for (const upload of form.gallery) gallery.push(await encodeImage(upload, sizes));
  return { thumbnail, gallery };
}

/** Stores encoded images at both sizes; answers their display names. */
export async function storeProductImages(
  files: StagedFiles,
  images: EncodedProductImages,
): Promise<{ thumbnail?: string; gallery: string[] }> {
  const store = async (image: EncodedProductImage) => {
    const name = await files.add(image.ext, image.data.display);
    await files.addAs(thumbnailNameOf(name), image.data.thumbnail);
    return name;
  };
  const thumbnail = images.thumbnail ? await store(images.thumbnail) : undefined;
  const gallery: string[] = [];
  for (const image of images.gallery) gallery.push(await store(image));
  return { thumbnail, gallery };
}

/** Images the change stops using, at both sizes: removed after commit. */
export function retireProductImages(files: StagedFiles, names: (string | null | undefined)[]): void {
  for (const name of names) if (name) files.removeAfterCommit(name, thumbnailNameOf(name));
}
