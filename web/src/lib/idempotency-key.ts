import type { Result } from './http.ts';

/**
 * A fresh `Idempotency-Key` for one submission: 128 random bits as hex. `crypto.getRandomValues`
 * works on a plain-http address too (randomUUID needs a secure context).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether the next attempt needs a new key: only after the server refused the document (a 4xx: nothing
 * was made). A double click, a lost connection or a server error keeps the key, so a retry can never make
 * the document twice.
 */
export const needsNewKey = (status: number) => status >= 400 && status < 500;

/** The header a submission carries. */
export type KeyHeader = { 'Idempotency-Key': string };

/**
 * One form's submissions (no React here; `useSubmission` holds one per form). A submission is one
 * document the user means to make:
 * - its key is kept while the same content is sent again after an answer that may have made the document
 *   (lost connection, time-out, 5xx), so the retry answers the first result and makes nothing twice;
 * - a new key after a success, after a refusal (4xx: nothing was made), or when the content sent differs
 *   from the last content sent with the key (the user changed the form: another document);
 * - while one is in flight a second `submit` (a double click, a key pressed twice) sends nothing and
 *   answers null.
 */
export class Submissions {
  private key = newIdempotencyKey();
  /** The content last sent with `key` (JSON), while its outcome is unknown. */
  private sentContent: string | undefined;
  private inFlight = false;

  constructor(private readonly onSending: (sending: boolean) => void = () => {}) {}

  get sending(): boolean {
    return this.inFlight;
  }

  /** The key to send `content` with (a new one when other content was sent with the kept key). */
  keyFor(content: unknown): string {
    const text = JSON.stringify(content ?? null);
    if (this.sentContent !== undefined && this.sentContent !== text) this.renew();
    this.sentContent = text;
    return this.key;
  }

  /** Starts the next submission on a new key (after a success or a refusal, or when the form is cleared). */
  renew(): void {
    this.key = newIdempotencyKey();
    this.sentContent = undefined;
  }

  /**
   * Sends `content` once with its key (`send` passes the header to the call). Answers null without sending
   * while another submission is in flight.
   */
  async submit<T>(content: unknown, send: (headers: KeyHeader) => Promise<Result<T>>): Promise<Result<T> | null> {
    if (this.inFlight) return null;
    this.inFlight = true;
    this.onSending(true);
    try {
      const result = await send({ 'Idempotency-Key': this.keyFor(content) });
      if (result.error === undefined || needsNewKey(result.status)) this.renew();
      return result;
    } finally {
      this.inFlight = false;
      this.onSending(false);
    }
  }
}
