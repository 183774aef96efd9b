import { type ResourceContract, type ResourceKey, resources } from '@tillbook/contract';
import { z } from 'zod';
import { subAccount } from '../src/schema/index.ts';
import { ownerPassword, ownerUsername } from './constants.ts';
import type { TestApp } from './harness.ts';

/**
 * Valid sample input for any resource contract, generated from its zod schema (through JSON Schema),
 * so a new resource is covered by the table-driven tests without writing its sample by hand.
 * `...Id` fields take the ids of rows made by {@link makeReferences}.
 */
interface FieldSchema {
  type?: string;
  pattern?: string;
  format?: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxLength?: number;
  anyOf?: FieldSchema[];
}
interface ObjectSchema {
  properties: Record<string, FieldSchema>;
}

export type Sample = Record<string, unknown>;
export type References = Record<string, number>;

export const resourceKeys = Object.keys(resources) as ResourceKey[];

const isEmpty = (s: FieldSchema | undefined) => !s || Object.keys(s).length === 0;
const nonNull = (s: FieldSchema): FieldSchema => s.anyOf?.find((o) => o.type !== 'null') ?? s;

/** Each input field's JSON Schema: the input side, or the output side where a preprocess hides it. */
export function fieldSchemas(contract: ResourceContract): Record<string, FieldSchema> {
  const input = z.toJSONSchema(contract.input, { io: 'input', unrepresentable: 'any' }) as unknown as ObjectSchema;
  const output = z.toJSONSchema(contract.input, { io: 'output', unrepresentable: 'any' }) as unknown as ObjectSchema;
  return Object.fromEntries(
    Object.keys(contract.input.shape).map((name) => {
      const chosen = isEmpty(input.properties[name]) ? output.properties[name] : input.properties[name];
      return [name, nonNull(chosen ?? {})];
    }),
  );
}

/** Fields the schema refuses to leave out. */
export const requiredFields = (contract: ResourceContract) =>
  Object.entries(contract.input.shape)
    .filter(([, schema]) => !(schema as z.ZodType).safeParse(undefined).success)
    .map(([name]) => name);

export const referenceFields = (contract: ResourceContract) => Object.keys(contract.input.shape).filter((name) => name.endsWith('Id'));

const pad = (n: number) => String(n).padStart(2, '0');

function sampleValue(name: string, s: FieldSchema, n: number, tag: string, refs: References): unknown {
  if (name.endsWith('Id')) {
    if (refs[name] === undefined) throw new Error(`no reference row for ${name}: add it to makeReferences`);
    return refs[name];
  }
  if (s.enum) return s.enum[s.enum.length - 1];
  // a list of references (a till's payment methods): none is a valid list
  if (s.type === 'array') return [];
  if (s.format === 'email') return `${tag.toLowerCase()}${n}@example.com`;
  // ends of periods fall after every start
  if (s.pattern?.includes('\\d{4}-')) return `${/^end|End/.test(name) ? 2025 : 2024}-${pad((n % 12) + 1)}-${pad((n % 28) + 1)}`;
  if (s.pattern?.includes('[01]')) return `${pad(n % 24)}:30`;
  if (s.pattern?.startsWith('^#')) return `#${(0x100000 + n * 7919).toString(16).slice(-6)}`;
  if (s.type === 'number' || s.type === 'integer') {
    const max = s.maximum ?? 10_000;
    return Math.min(max, (s.type === 'integer' ? 7 : 7.25) + (n % 13));
  }
  const text = `${name} ${tag}${n}`;
  return s.maxLength && text.length > s.maxLength ? `${tag}${n}`.slice(-s.maxLength) : text;
}

/** A valid input for the resource; `n` makes its unique fields unique, `tag` marks a test's rows. */
export function sample(contract: ResourceContract, n: number, refs: References, tag = 'T'): Sample {
  const values = Object.fromEntries(Object.entries(fieldSchemas(contract)).map(([name, s]) => [name, sampleValue(name, s, n, tag, refs)]));
  // one person's designation or salary periods may not overlap: each sample is its own year
  if (historyPaths.includes(contract.path)) return { ...values, startDate: `${2100 + n}-02-01`, endDate: `${2100 + n}-11-30` };
  return values;
}

/** Resources whose rows are one person's periods, which never overlap (identity/staff-history.ts). */
export const historyPaths = ['designation-history', 'salary-history'];

/** Which row each `...Id` field of the contracts points at. */
const referenceSources: Record<string, ResourceKey | 'owner' | 'subAccount'> = {
  userId: 'owner',
  subAccountId: 'subAccount',
  designationId: 'designation',
  awardId: 'award',
  productCategoryId: 'productCategory',
  productAttributeId: 'productAttribute',
};
export const knownReferenceFields = Object.keys(referenceSources);

/** Creates one row for every `...Id` field the contracts use; answers field → id. */
export async function makeReferences(t: TestApp, token: string): Promise<References> {
  const refs: References = {};
  for (const [field, source] of Object.entries(referenceSources)) {
    if (source === 'owner') refs[field] = await ownerId(t);
    else if (source === 'subAccount') refs[field] = (await t.database.db.select({ id: subAccount.id }).from(subAccount).limit(1))[0]!.id;
    else refs[field] = (await create(t, token, source, 900, refs, 'Ref')).id as number;
  }
  return refs;
}

/** The owner's user id, from the login answer. */
export async function ownerId(t: TestApp): Promise<number> {
  const answer = await t.login(ownerUsername, ownerPassword);
  return answer.body.id as number;
}

/** POSTs a sample and insists on 201. */
export async function create(t: TestApp, token: string, key: ResourceKey, n: number, refs: References, tag = 'T'): Promise<Sample> {
  const answer = await t.call('POST', `/v1/${resources[key].path}`, { token, body: sample(resources[key], n, refs, tag) });
  if (answer.status !== 201) throw new Error(`create ${key}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The list keys of a resource. */
export const listKeys = (contract: ResourceContract) => ({
  rows: `getAll${contract.listName}`,
  total: contract.totalKey ?? `total${contract.listName}`,
});

/** Compares what came back with what was sent (times come back with seconds, e-mails in lower case). */
export function echoes(row: Sample, sent: Sample): boolean {
  return Object.entries(sent).every(([name, value]) => {
    const got = row[name];
    if (typeof value === 'string' && /^\d\d:\d\d$/.test(value)) return got === `${value}:00`;
    if (Array.isArray(value)) return JSON.stringify(got) === JSON.stringify(value);
    return got === value;
  });
}
