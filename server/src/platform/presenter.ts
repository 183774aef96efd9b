import { toStatusText } from '@tillbook/contract';
import { z } from 'zod';

/**
 * Presenters: an answer is built from the contract's answer schema, which lists the fields sent.
 * Whatever else a row holds (a password hash, a Google id, a cost the storefront must not see)
 * never reaches the wire. On the way, booleans become 'true'/'false' and timestamps ISO text.
 */
export type Present = (value: unknown) => unknown;

const compiled = new WeakMap<z.ZodType, Present>();

const wire = (value: unknown): unknown => {
  if (typeof value === 'boolean') return toStatusText(value);
  if (value instanceof Date) return value.toISOString();
  return value;
};

/** Copies a value of unknown shape (a free-form record): flags and dates converted, nothing dropped. */
function loose(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(loose);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, loose(v)]));
  }
  return wire(value);
}

function build(schema: z.ZodType): Present {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    const inner = presenter(schema.unwrap() as z.ZodType);
    return (value) => (value === null || value === undefined ? value : inner(value));
  }
  if (schema instanceof z.ZodLazy) {
    // resolved on first use: the lazy schema may refer to itself
    let inner: Present | undefined;
    return (value) => {
      inner ??= presenter(schema.unwrap() as z.ZodType);
      return inner(value);
    };
  }
  if (schema instanceof z.ZodObject) {
    const fields = Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, field]) => [key, presenter(field)] as const);
    return (value) => {
      if (value === null || value === undefined || typeof value !== 'object') return value;
      const row = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, present] of fields) if (row[key] !== undefined) out[key] = present(row[key]);
      return out;
    };
  }
  if (schema instanceof z.ZodArray) {
    const item = presenter(schema.element as z.ZodType);
    return (value) => (Array.isArray(value) ? value.map(item) : value);
  }
  if (schema instanceof z.ZodRecord) {
    const item = presenter(schema.valueType as z.ZodType);
    return (value) =>
      value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([key, v]) => [key, item(v)])) : value;
  }
  // a field the contract declares a JSON boolean stays one; every other flag is 'true'/'false'
  if (schema instanceof z.ZodBoolean) return (value) => value;
  if (schema instanceof z.ZodUnion) return union(schema.options as readonly z.ZodType[]);
  if (schema instanceof z.ZodUnknown || schema instanceof z.ZodAny) return loose;
  return wire;
}

/** The keys an object schema requires (not optional), or null for a schema that is not an object. */
function requiredKeys(schema: z.ZodType): string[] | null {
  if (!(schema instanceof z.ZodObject)) return null;
  return Object.entries(schema.shape as Record<string, z.ZodType>)
    .filter(([, field]) => !(field instanceof z.ZodOptional))
    .map(([key]) => key);
}

/**
 * An answer that takes one of several shapes (a list whose `query=` picks the answer) is presented as
 * the shape it is: an array by the array option, an object by the object option whose required keys it
 * all has (the most specific when several fit). A value no option fits is passed through as flags and dates.
 */
function union(options: readonly z.ZodType[]): Present {
  const candidates = options.map((option) => ({
    keys: requiredKeys(option),
    array: option instanceof z.ZodArray,
    present: presenter(option),
  }));
  const objects = candidates.filter((c) => c.keys !== null).sort((a, b) => b.keys!.length - a.keys!.length);
  const array = candidates.find((c) => c.array);
  return (value) => {
    if (Array.isArray(value)) return array ? array.present(value) : loose(value);
    if (value && typeof value === 'object') {
      const row = value as Record<string, unknown>;
      const fit = objects.find((c) => c.keys!.every((key) => row[key] !== undefined));
      if (fit) return fit.present(value);
    }
    return loose(value);
  };
}

export function presenter(schema: z.ZodType): Present {
  let present = compiled.get(schema);
  if (!present) {
    present = build(schema);
    compiled.set(schema, present);
  }
  return present;
}

/** In tests every answer is also checked against its schema, so the contract the web relies on stays true. */
export function checkAnswer(schema: z.ZodType, value: unknown, where: string): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  const problems = result.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
  const error = new Error(`${where} answered outside its contract: ${problems.join('; ')}`);
  console.error(error.message);
  throw error;
}

/**
 * A presenter for an answer a route builds outside `implement` (a resource factory's `single` or mode),
 * checked against its schema when `checkAnswers` is on, as `implement` checks its own.
 */
export function checkedPresenter<T>(schema: z.ZodType, where: string, config: { checkAnswers: boolean }): (value: unknown) => T {
  const present = presenter(schema);
  return (value) => {
    const presented = present(value);
    if (config.checkAnswers) checkAnswer(schema, presented, where);
    return presented as T;
  };
}
