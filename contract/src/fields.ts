import { z } from 'zod';

/** Field building blocks shared by the input schemas. Messages name what is wrong for a person. */

/**
 * Control characters (C0 and DEL) have no place in text a person types; PostgreSQL text cannot even
 * hold NUL. A one-line field refuses them all; a multi-line field (a description, an address) keeps
 * tab and line breaks.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const anyControl = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const controlBesidesLines = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const controlCharacterMessage = 'must not contain control characters';
/** True when the text holds no control character (tab and line breaks allowed when `lines`). */
export const noControlCharacters = (text: string, lines = false) => !(lines ? controlBesidesLines : anyControl).test(text);

/** Text as a zod schema: trimmed, at most `max` characters, no control characters. */
export const plainText = (max: number, lines = false, missing = 'must be text') =>
  z
    .string({ error: missing })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((text) => noControlCharacters(text, lines), controlCharacterMessage);

/** A one-line text that must be given. */
export const requiredText = (max = 120) => plainText(max, false, 'is required').refine((text) => text.length > 0, 'is required');
/** A multi-line text that must be given (tab and line breaks allowed). */
export const requiredLines = (max = 2000) => plainText(max, true, 'is required').refine((text) => text.length > 0, 'is required');

const blankIsNull = <S extends z.ZodType>(schema: S) => schema.nullish().transform((v) => (v === '' ? null : (v ?? null)));
/** A one-line text that may be left out; blank means null. */
export const optionalText = (max = 2000) => blankIsNull(plainText(max));
/** A multi-line text that may be left out; blank means null. */
export const optionalLines = (max = 2000) => blankIsNull(plainText(max, true));

/**
 * Decimal text: digits, an optional minus sign and fraction. JavaScript's Number() also reads hex
 * ('0x10' is 16), binary, exponents ('1e-400' is 0) and 'Infinity', which a person never means.
 */
export const decimalText = /^-?\d+(\.\d+)?$/;

/**
 * A number sent as JSON or as form text (a form field, a CSV cell). Text must be decimal; blank
 * text, null and booleans are not numbers (a blank form field must not become 0); a missing value
 * reads 'is required'.
 */
export const numberField = (build: (n: z.ZodNumber) => z.ZodNumber, message = 'must be a number') =>
  z.preprocess(
    (v) => (typeof v === 'string' && decimalText.test(v.trim()) ? Number(v.trim()) : v),
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

export const email = z
  .string({ error: 'must be an e-mail address' })
  .trim()
  .toLowerCase()
  .max(200, 'must be at most 200 characters')
  .email('must be an e-mail address');
export const optionalEmail = z.preprocess((v) => (v === '' ? null : v), email.nullish());
export const hexColour = z.string({ error: 'is required' }).regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c');
