import { z } from 'zod';

/** Field building blocks shared by the input schemas. Messages name what is wrong for a person. */
// PostgreSQL text cannot hold the NUL character; refuse it here rather than fail in the database.
const noNul = (text: string) => !text.includes('\u0000');
const noNulMessage = 'must not contain NUL characters';

export const requiredText = (max = 120) =>
  z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`).refine(noNul, noNulMessage);

export const optionalText = (max = 2000) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(noNul, noNulMessage)
    .nullish()
    .transform((v) => (v === '' ? null : (v ?? null)));

/**
 * A number sent as JSON or as form text. Blank text, null and booleans are not numbers (a blank form
 * field must not become 0); a missing value reads 'is required'.
 */
export const numberField = (build: (n: z.ZodNumber) => z.ZodNumber, message = 'must be a number') =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
    build(z.number({ error: (issue) => (issue.input === undefined ? 'is required' : message) })),
  );

/** A row id: a positive whole number that fits the database's integer ids. */
export const maxId = 2_147_483_647;
export const id = numberField(
  (n) => n.int('must be a whole number').positive('must be a positive id').max(maxId, 'is not a known id'),
  'must be an id',
);

export const optionalId = z.preprocess((v) => (v === '' || v === null ? null : v), id.nullish());

/** `YYYY-MM-DD` naming a day that exists (not 2024-02-30). */
export const isCalendarDate = (text: string) => {
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
};
export const dateOnly = z
  .string({ error: 'is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine(isCalendarDate, 'must be a real calendar date');
export const optionalDate = z.preprocess((v) => (v === '' ? null : v), dateOnly.nullish());

export const timeOfDay = z.string({ error: 'is required' }).regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be a time as HH:MM');

/** A non-negative amount of money with at most two decimals (numeric(14,2) in the database). */
export const money = numberField(
  (n) =>
    n
      .min(0, 'must not be negative')
      .max(999_999_999_999.99, 'is too large')
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'must have at most two decimals'),
  'must be an amount',
);

export const percentage = numberField((n) => n.min(0, 'must not be negative').max(100, 'must be at most 100'));

export const email = z.string().trim().toLowerCase().email('must be an e-mail address').max(200);
export const optionalEmail = z.preprocess((v) => (v === '' ? null : v), email.nullish());
export const hexColour = z.string({ error: 'is required' }).regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c');
