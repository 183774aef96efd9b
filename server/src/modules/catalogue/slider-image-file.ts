import { sliderDisplayWidth } from '@tillbook/contract';
import sharp from 'sharp';
import { fieldError } from '../../platform/errors.ts';
import type { FileStore, Upload } from '../../platform/files.ts';

const accepted = new Set(['png', 'jpeg', 'gif', 'webp']);
const wrongType = 'must be a PNG, JPEG, GIF or WebP image';

/**
 * Checks the upload is an image by its content, scales it down to the display width as WebP and
 * stores it; answers the stored name. Nothing is written when the image is refused.
 */
export async function storeSliderImage(files: FileStore, upload: Upload): Promise<string> {
  // a small limit on decoded pixels keeps a tiny file from expanding into gigabytes
  const image = sharp(upload.data, { limitInputPixels: 40_000_000, animated: false });
  let format: string | undefined;
  try {
    format = (await image.metadata()).format;
  } catch {
    throw fieldError(upload.field, wrongType);
  }
  if (!format || !accepted.has(format)) throw fieldError(upload.field, wrongType);
  let data: Buffer;
  try {
    data = await image.rotate().resize({ width: sliderDisplayWidth, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  } catch {
    throw fieldError(upload.field, 'could not be read as an image');
  }
  return files.saveImage({ ...upload, data });
}
