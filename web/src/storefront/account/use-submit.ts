import { useState } from 'react';
import type { Result } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import type { FieldErrors } from './Field.tsx';

interface Check {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}

/** The first message per field of a failed zod check ("Password must be at least 8 characters"). */
export function issuesByField(check: Check, labels: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of check.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (!errors[field]) errors[field] = `${labels[field] ?? field} ${issue.message}`;
  }
  return errors;
}

/**
 * One form's sending: busy while the call runs; the server's field errors are put on the fields
 * (with the field's label in front), an error naming no field of the form goes to a notice.
 */
export function useSubmit(labels: Record<string, string>) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  async function run<T>(
    send: () => Promise<Result<T>>,
    onDone: (data: T) => void | Promise<void>,
    onError?: (status: number, text: string) => boolean,
  ) {
    setBusy(true);
    setErrors({});
    const result = await send();
    setBusy(false);
    if (result.error === undefined) {
      await onDone(result.data);
      return;
    }
    if (onError?.(result.status, result.error)) return;
    const mine = Object.entries(result.fields ?? {}).filter(([field]) => field in labels);
    if (mine.length > 0) setErrors(Object.fromEntries(mine.map(([field, text]) => [field, `${labels[field]} ${text}`])));
    else notify.error(result.error);
  }
  return { busy, errors, setErrors, run };
}
