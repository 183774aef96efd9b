import type { InputHTMLAttributes } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  /** The error to show under the field (the server's, or the form's own check). */
  error?: string;
  hint?: string;
}

/** A labelled input with its error under it, announced to screen readers. */
export function Field({ name, label, error, hint, ...input }: FieldProps) {
  const id = `account-${name}`;
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {hint && !error && <span className="account-hint">{hint}</span>}
      {error && (
        <span id={`${id}-error`} className="account-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** Field errors keyed by field name. */
export type FieldErrors = Record<string, string>;

/** The form's values as strings, by field name. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') values[key] = value;
  return values;
}
