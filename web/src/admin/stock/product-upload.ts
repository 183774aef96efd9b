import { type AnswerOf, type Endpoint, fallbackErrorText, fillPath, type ParamsOf, type RouteOf } from '@tillbook/contract';
import { apiBase, isSessionEnded, withSession } from '../../lib/http.ts';

/** What a multipart send answers: the body on success, else the error text, status and field texts. */
export type UploadResult<T> =
  | { data: T; error?: undefined }
  | { data?: undefined; error: string; status: number; fields?: Record<string, string> };

interface XhrAnswer {
  status: number;
  body: unknown;
}

/** One XMLHttpRequest (fetch reports no upload progress) with the given token and credentials. */
function sendOnce(
  method: string,
  path: string,
  form: FormData,
  token: string | null,
  onProgress: (percent: number) => void,
): Promise<XhrAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${apiBase}/${path.replace(/^\//, '')}`);
    xhr.withCredentials = true;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ status: 0, body: undefined });
    xhr.send(form);
  });
}

/**
 * Sends a form to a contract endpoint that takes form data, with upload progress (`onProgress` gets
 * 0–100 while the body is sent), under the same 401 rules as every other call (refresh once and
 * retry, or back to the login page). Method, path and answer type come from the endpoint's route.
 */
export async function sendForm<E extends Endpoint>(
  route: RouteOf<E>,
  params: ParamsOf<E>,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<UploadResult<AnswerOf<E>>> {
  const path = fillPath(route.path, params);
  let answer: XhrAnswer;
  try {
    answer = await withSession((token) => sendOnce(route.method, path, form, token, onProgress));
  } catch (error) {
    if (isSessionEnded(error)) return { error: fallbackErrorText, status: 401 };
    throw error;
  }
  if (answer.status >= 200 && answer.status < 300) return { data: answer.body as AnswerOf<E> };
  const problem = (answer.body && typeof answer.body === 'object' ? answer.body : {}) as {
    error?: string;
    fields?: Record<string, string>;
  };
  return { error: problem.error || fallbackErrorText, status: answer.status, fields: problem.fields };
}

/** Appends text fields to a form: lists as repeated fields, empty values as '' (clears on update). */
export function appendFields(form: FormData, values: Record<string, unknown>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) form.append(name, '');
      else for (const item of value) form.append(name, String(item));
    } else form.append(name, value === null ? '' : String(value));
  }
}

/** Moves an item of a list one place up (-1) or down (+1). */
export function moved<T>(list: T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** Field values equal for the purpose of "what changed" (lists compared as sets of ids). */
export function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) =>
    Array.isArray(v)
      ? [...v]
          .map(Number)
          .sort((x, y) => x - y)
          .join(',')
      : v === undefined || v === null || v === ''
        ? ''
        : String(v);
  return norm(a) === norm(b);
}
