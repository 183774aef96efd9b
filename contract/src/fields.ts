import { z } from 'zod';

/** Field building blocks shared by the input schemas. Messages name what is wrong for a person. */
export const requiredText = (max = 120) =>
  z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

export const optionalText = (max = 2000) =>
  z.string().trim().max(max, `must be at most ${max} characters`).nullish().transform((v) => (v === '' ? null : v ?? null));

export const id = z.coerce
  .number({ error: 'must be an id' })
  .int('must be a whole number')
  .positive('must be a positive id');

export const optionalId = z.preprocess((v) => (v === '' || v === null ? null : v), id.nullish());

export const dateOnly = z.string({ error: 'is required' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');
export const optionalDate = z.preprocess((v) => (v === '' ? null : v), dateOnly.nullish());

export const timeOfDay = z.string({ error: 'is required' }).regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be a time as HH:MM');

/** A non-negative amount of money with at most two decimals. */
export const money = z.coerce
  .number({ error: 'must be an amount' })
  .refine((n) => Number.isFinite(n), 'must be an amount')
  .refine((n) => n >= 0, 'must not be negative')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'must have at most two decimals');

export const percentage = z.coerce
  .number({ error: 'must be a number' })
  .min(0, 'must not be negative')
  .max(100, 'must be at most 100');

export const email = z.string().trim().toLowerCase().email('must be an e-mail address').max(200);
export const optionalEmail = z.preprocess((v) => (v === '' ? null : v), email.nullish());
export const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c');
