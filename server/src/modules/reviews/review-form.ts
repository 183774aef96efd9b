import {
  type FieldLabels,
  fieldMessage,
  maxReviewImages,
  type ReviewInput,
  reviewImageField,
  reviewInput,
  reviewLabels,
} from '@tillbook/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, fieldError } from '../../platform/errors.ts';
import type { Upload } from '../../platform/files.ts';
import { type EncodedImage, encodeImage } from '../../platform/images.ts';
import { parseBody } from '../../platform/route.ts';

const labels: FieldLabels = reviewLabels;
const photoFields = [reviewImageField, `${reviewImageField}[]`];

/** A review's photo at the page's size and as a thumbnail, as the catalogue stores a product's. */
export type ReviewPhoto = EncodedImage<'display' | 'thumbnail'>;
const sizes = { display: { box: 800 }, thumbnail: { box: 200 } };

export interface ReviewForm {
  input: ReviewInput & { productId: number; rating: number; review: string | null };
  photos: ReviewPhoto[];
}

/**
 * A review sent as JSON (as a client written against the reference may send one without photos): the
 * same fields, no photos. Photos come only as form data files: a non-empty `images` is refused naming it.
 */
function readReviewJson(body: unknown): ReviewForm {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Send the review as JSON or multipart form data');
  const images = (body as Record<string, unknown>)[reviewImageField];
  if (images !== undefined && images !== null && !(Array.isArray(images) && images.length === 0)) {
    throw fieldError(reviewImageField, 'must be sent as files in multipart form data', labels);
  }
  return { input: parseBody(reviewInput, body, labels) as ReviewForm['input'], photos: [] };
}

/**
 * Reads POST review-rating: form data with the fields (a 400 naming the field: a rating must be a whole
 * number 1–5) and up to three photos under `images`, each within the upload limit (413 naming
 * `images` beyond it), decoded and re-encoded before any transaction starts; or JSON with the fields
 * and no photos. A `customerId` sent along is not read: the shopper is the token's.
 */
export async function readReviewForm(req: FastifyRequest, ctx: AppContext): Promise<ReviewForm> {
  if (!req.isMultipart()) return readReviewJson(req.body);
  const fields: Record<string, string> = {};
  const uploads: Upload[] = [];
  const maxBytes = ctx.files.maxBytes;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: maxReviewImages, fields: 20 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (!photoFields.includes(part.fieldname)) throw fieldError(part.fieldname, `cannot be a file; send photos as ${reviewImageField}`);
        if (data.length > 0) uploads.push({ field: reviewImageField, filename: part.filename, data });
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    const kb = Math.round(maxBytes / 1024);
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const text = `must each be at most ${kb} KB`;
      throw new AppError('payload_too_large', fieldMessage(reviewImageField, text, labels), { [reviewImageField]: text });
    }
    if (code === 'FST_FILES_LIMIT') throw fieldError(reviewImageField, `must hold at most ${maxReviewImages} photos`, labels);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Too many fields in one request');
    throw error;
  }
  const input = parseBody(reviewInput, fields, labels) as ReviewForm['input'];
  const photos: ReviewPhoto[] = [];
  for (const upload of uploads) {
    try {
      photos.push(await encodeImage(upload, sizes));
    } catch (error) {
      // the pipeline names the field; the review form calls it Photos
      const text = error instanceof AppError ? error.fields?.[reviewImageField] : undefined;
      throw text ? fieldError(reviewImageField, text, labels) : error;
    }
  }
  return { input, photos };
}
