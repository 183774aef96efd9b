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
  /** A decrease would take a product below zero; the message and fields name the product. */
  insufficient_stock: 409,
  /** A document was asked to move to a state its lifecycle does not allow from where it is. */
  invalid_transition: 409,
  payload_too_large: 413,
  /** An Idempotency-Key sent again with another request than the one it was first sent with. */
  idempotency_mismatch: 422,
  too_many_attempts: 429,
  internal_error: 500,
  /** A service the answer needs is out of reach (e.g. Google's key server): trying again later may work. */
  service_unavailable: 503,
} as const;
export type ErrorCode = keyof typeof errorCodes;

/** Shown by the web client when an answer carries no error text. */
export const fallbackErrorText = 'Something went wrong, Please try again';
