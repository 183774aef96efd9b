/**
 * A fresh `Idempotency-Key` for one checkout attempt: 128 random bits as hex. `crypto.getRandomValues`
 * works on a plain-http address too (randomUUID needs a secure context).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether the next attempt needs a new key: only after the server refused the order (a 4xx: no order was
 * made). A double click, a lost connection or a server error keeps the key, so a retry can never place
 * the order twice.
 */
export const needsNewKey = (status: number) => status >= 400 && status < 500;
