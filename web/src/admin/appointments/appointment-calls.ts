import { fallbackErrorText } from '@tillbook/contract';
import type { Result } from '../../lib/http.ts';

/**
 * What a failed appointment call shows: the server's own words for a refusal (a 4xx: the slot taken, a field
 * refused), else the call's fallback text from the spec (`appointmentMessages`): no answer at all, an
 * answer without a message, or the server's failure (5xx), whose generic words say less than the fallback.
 */
export function failure(result: Result<unknown>, fallback: string): string | null {
  if (result.error === undefined) return null;
  const own = result.status >= 400 && result.status < 500 && result.error && result.error !== fallbackErrorText;
  return own ? result.error : fallback;
}

/** For TanStack Query: the data, or an Error with the server's message or the fallback text. */
export async function mustOr<T>(call: Promise<Result<T>>, fallback: string): Promise<T> {
  const result = await call;
  const problem = failure(result, fallback);
  if (problem !== null) throw Object.assign(new Error(problem), { status: result.error === undefined ? 0 : result.status });
  return result.data as T;
}
