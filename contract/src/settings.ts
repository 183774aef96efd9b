import { z } from 'zod';
import { out } from './answers.ts';
import { id, noControlCharacters, optionalEmail, percentage, plainText, requiredText } from './fields.ts';

export const dashboardTypes = ['e-commerce', 'inventory', 'both'] as const;
export type DashboardType = (typeof dashboardTypes)[number];

/**
 * A text the owner may change or clear: absent = leave as it is, '' or null = clear. No control
 * characters; a multi-line one (`lines`) keeps tab and line breaks.
 */
const clearableText = (max: number, lines = false) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), plainText(max, lines).nullish());

/** A web address; the scheme may be left out ('www.example.com'). */
const isWebAddress = (text: string) => {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname) && !/\s/.test(text);
  } catch {
    return false;
  }
};

/** True for a time zone name this runtime knows (IANA, e.g. 'Europe/Paris', or 'UTC'). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * `POST /setting`: every field is optional (only what is sent changes), but a field that is sent
 * must be valid. The logo travels as a file (form field `logo`), not in this schema.
 * Form data sends every value as text, hence the coercions.
 */
export const settingInput = z.object({
  companyName: requiredText(120).optional(),
  tagLine: clearableText(200),
  address: clearableText(500, true),
  /** The VAT (tax) registration number the shop's invoices carry. */
  vatNumber: clearableText(40),
  phone: clearableText(40),
  email: optionalEmail,
  website: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string({ error: 'must be text' })
      .trim()
      .max(200, 'must be at most 200 characters')
      .refine((text) => noControlCharacters(text), 'must not contain control characters')
      .refine(isWebAddress, 'must be a web address like https://example.com')
      .nullish(),
  ),
  footer: clearableText(500, true),
  dashboardType: z.enum(dashboardTypes, { error: `must be one of ${dashboardTypes.join(', ')}` }).optional(),
  currencyId: id.optional(),
  /** The shop's time zone: it decides which day a document is dated. '' or null = the server's. */
  timeZone: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'must be text' })
      .refine(isTimeZone, 'must be a time zone name like Europe/Paris')
      .transform((name) => new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone)
      .nullish(),
  ),
  allowNegativeStock: z.preprocess(
    (v) => (typeof v === 'boolean' ? String(v) : v),
    z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).optional(),
  ),
  /** Blind close (issue 31): a cashier counts the drawer before seeing what the till expected. */
  blindClose: z.preprocess(
    (v) => (typeof v === 'boolean' ? String(v) : v),
    z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).optional(),
  ),
  /** Issue 34: a till discount above this percent of what it is taken off is a `largeDiscount` event; 0 turns it off. */
  discountAlertPercent: percentage.optional(),
  /** The notes and coins of the shop's currency a drawer is counted in, largest first: '100,50,20,...,0.01'. */
  cashDenominations: z
    .string({ error: 'must be text' })
    .trim()
    .max(200, 'must be at most 200 characters')
    .refine(isDenominationList, 'must be amounts separated by commas, like 50,20,10,5,1,0.5')
    .transform((text) =>
      text
        .split(',')
        .map((part) => String(Number(part.trim())))
        .join(','),
    )
    .optional(),
});
export type SettingInput = z.infer<typeof settingInput>;

/** A comma list of 1 to 20 distinct amounts above 0 with at most two decimals. */
function isDenominationList(text: string): boolean {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length < 1 || parts.length > 20) return false;
  if (!parts.every((p) => /^\d{1,6}(\.\d{1,2})?$/.test(p) && Number(p) > 0)) return false;
  return new Set(parts.map(Number)).size === parts.length;
}

/** The amounts of a denomination list, largest first. */
export const denominationsOf = (list: string): number[] =>
  list
    .split(',')
    .map(Number)
    .filter((n) => n > 0)
    .sort((a, b) => b - a);

/** What anyone (the login page, the storefront) may read. */
export const publicSettingOut = z.object({
  companyName: out.text,
  tagLine: out.optionalText,
  /** URL of the logo (under the API base), or null. */
  logo: out.optionalText,
  footer: out.optionalText,
  /** The shop's address and VAT number: every invoice, the shopper's too, carries them. */
  address: out.optionalText,
  vatNumber: out.optionalText,
  currency: z.object({ id: out.id, currencyName: out.text, currencySymbol: out.text }).nullable(),
  /** The notes and coins a till's drawer is counted in (a comma list, largest first). */
  cashDenominations: out.text,
});
export type PublicSetting = z.infer<typeof publicSettingOut>;

/** What staff who may read the settings get. */
export const settingOut = publicSettingOut.extend({
  id: out.id,
  phone: out.optionalText,
  email: out.optionalText,
  website: out.optionalText,
  dashboardType: z.enum(dashboardTypes),
  currencyId: out.optionalId,
  allowNegativeStock: out.status,
  blindClose: out.status,
  discountAlertPercent: out.money,
  /** The shop's time zone in effect: the one set, else the server's. */
  timeZone: out.text,
  createdAt: out.timestamp,
  updatedAt: out.timestamp,
});
export type Setting = z.infer<typeof settingOut>;

/**
 * `GET setting` answers the public fields to anyone and every field to staff who may read the
 * settings: one schema, the staff-only fields optional.
 */
export const settingReadOut = publicSettingOut.extend(
  settingOut
    .omit({
      companyName: true,
      tagLine: true,
      logo: true,
      footer: true,
      address: true,
      vatNumber: true,
      currency: true,
      cashDenominations: true,
    })
    .partial().shape,
);
export type SettingRead = z.infer<typeof settingReadOut>;

/** True when the answer of `GET setting` holds every field (the caller may read the settings). */
export const isFullSetting = (answer: SettingRead): answer is Setting => answer.id !== undefined;
