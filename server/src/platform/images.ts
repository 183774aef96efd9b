import sharp from 'sharp';
import { fieldError } from './errors.ts';
import type { Upload } from './files.ts';

/**
 * Most pixels an upload may decode to. A PNG of one colour compresses about a thousand to one, so
 * a file within the upload limit could otherwise expand into gigabytes of memory; 50 megapixels
 * still admits a 48-megapixel phone photo.
 */
export const maxImagePixels = 50_000_000;

const decodable = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' } as const;
export type ImageExt = (typeof decodable)[keyof typeof decodable];
const notAnImage = 'must be a PNG, JPEG, GIF or WebP image';

/** A stored size, never enlarged: fitted inside a square, or scaled to a width. */
export type ImageSize = { box: number } | { width: number };

export interface EncodedImage<S extends string> {
  ext: ImageExt;
  data: Record<S, Buffer>;
}

const fieldOf = (upload: Upload) => upload.field.replace(/\[\]$/, '');

/** The upload's format from its header; a 400 naming the field for anything else or too many pixels. */
async function readHeader(upload: Upload, animated: boolean): Promise<ImageExt> {
  const field = fieldOf(upload);
  // without the limit (the header alone is read), so a too-large image gets its own message
  const header = await sharp(upload.data, { animated, limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  const format = header?.format as string | undefined;
  if (!header || !format || !(format in decodable)) throw fieldError(field, notAnImage);
  if ((header.width ?? 0) * (header.height ?? 0) > maxImagePixels) {
    throw fieldError(field, `must be at most ${maxImagePixels / 1_000_000} megapixels`);
  }
  return decodable[format as keyof typeof decodable];
}

/**
 * Decodes an upload and re-encodes it as WebP at each named size, so only pixels we wrote reach
 * the uploads folder (nothing smuggled behind an image header). Only the first frame of an
 * animation is kept. A 400 naming the form field for anything that does not decode within
 * {@link maxImagePixels}. Writes nothing.
 */
export async function encodeImage<S extends string>(upload: Upload, sizes: Record<S, ImageSize>): Promise<EncodedImage<S>> {
  await readHeader(upload, false);
  const data = {} as Record<S, Buffer>;
  // one size after another: each decode may take a few hundred megabytes at the pixel limit
  for (const [name, size] of Object.entries(sizes) as [S, ImageSize][]) {
    const image = sharp(upload.data, { limitInputPixels: maxImagePixels }).rotate();
    const resized =
      'box' in size
        ? image.resize(size.box, size.box, { fit: 'inside', withoutEnlargement: true })
        : image.resize({ width: size.width, withoutEnlargement: true });
    try {
      data[name] = await resized.webp({ quality: 80 }).toBuffer();
    } catch {
      throw fieldError(fieldOf(upload), notAnImage);
    }
  }
  return { ext: 'webp', data };
}

/**
 * Decodes every frame of an upload within {@link maxImagePixels} and answers its bytes unchanged,
 * for a file whose exact bytes are promised back (the logo). It is served with the type of the
 * format found here and `nosniff`, so extra bytes in it are never run as a page.
 */
export async function checkImage(upload: Upload): Promise<{ ext: ImageExt; data: Buffer }> {
  const ext = await readHeader(upload, true);
  try {
    await sharp(upload.data, { animated: true, limitInputPixels: maxImagePixels }).stats();
  } catch {
    throw fieldError(fieldOf(upload), notAnImage);
  }
  return { ext, data: upload.data };
}
