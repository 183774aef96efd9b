/** The error body every failed call answers with. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  fields?: Record<string, string>;
}

export const errorCodes = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  too_many_attempts: 429,
  internal_error: 500,
} as const;
export type ErrorCode = keyof typeof errorCodes;

/** Shown by the web client when an answer carries no error text. */
export const fallbackErrorText = 'Something went wrong, Please try again';
