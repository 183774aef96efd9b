import type { ErrorBody, ErrorCode, FieldLabels } from '@tillbook/contract';
import { errorCodes, fieldMessage, inSentence, labelOf } from '@tillbook/contract';
import type { ZodError } from 'zod';
import { constraintFields } from './constraint-fields.ts';

/** An error meant for the client: a status, a stable code, a text for a person, and field texts. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): number {
    return errorCodes[this.code];
  }
  toBody(): ErrorBody {
    return this.fields ? { error: this.message, code: this.code, fields: this.fields } : { error: this.message, code: this.code };
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new AppError('validation_failed', message, fields);
/**
 * A 400 for one field: `fields` keeps the code name (the API's), the message names the field as the
 * screen labels it ('Sale price must be an amount'). `labels`: the resource's own labels, if any.
 */
export const fieldError = (field: string, text: string, labels?: FieldLabels) =>
  badRequest(fieldMessage(field, text, labels), { [field]: text });
export const unauthenticated = (message = 'Please log in') => new AppError('unauthenticated', message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('forbidden', message);
export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError('conflict', message, fields);
export const duplicate = (label: string, field: string, labels?: FieldLabels) =>
  conflict(`${/^[aeiou]/i.test(label) ? 'An' : 'A'} ${inSentence(label)} with this ${inSentence(labelOf(field, labels))} already exists`, {
    [field]: 'already exists',
  });

/**
 * Turns a zod failure into a 400 naming every field (dotted path) that is wrong; the message names
 * the first by its label.
 */
export function fromZod(error: ZodError, where?: string, labels?: FieldLabels): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.length ? issue.path.join('.') : (where ?? 'body');
    fields[name] ??= issue.message;
  }
  const [first] = Object.entries(fields);
  return badRequest(first ? fieldMessage(first[0], first[1], labels) : 'Invalid input', fields);
}

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

interface PgError {
  code?: string;
  detail?: string;
  column?: string;
  constraint?: string;
  cause?: unknown;
}

/** Maps database constraint failures that slipped past the checks (races) to client errors. */
export function fromDatabase(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as PgError;
    if (e.code === '23505') {
      const column = /Key \(([^)]+)\)/
        .exec(e.detail ?? '')?.[1]
        ?.split(', ')
        .pop();
      const field = column ? camel(column) : 'record';
      return conflict(`This ${inSentence(labelOf(field))} is already taken`, { [field]: 'already exists' });
    }
    if (e.code === '23503') {
      const column = /Key \(([^)]+)\)/.exec(e.detail ?? '')?.[1];
      const field = column ? camel(column) : 'record';
      return /is still referenced/.test(e.detail ?? '')
        ? conflict('This record is still in use and cannot be removed')
        : fieldError(field, 'does not exist');
    }
    if ((e.code === '23514' || e.code === '23P01') && e.constraint && constraintFields[e.constraint]) {
      const { field, text } = constraintFields[e.constraint]!;
      return fieldError(field, text);
    }
    if (e.code === '22P02' || e.code === '22003' || e.code === '22008') return badRequest('A value is out of range or malformed');
    current = e.cause;
  }
  return undefined;
}
