import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';
import type { OutboxAttachment } from '../../schema/index.ts';
import { settingsFor } from './settings-row.ts';
import { describeSendError, sendNow } from './transport.ts';

/** How long a claimed mail is held by its worker before another may try it (a worker that died mid-send). */
const leaseSeconds = 300;
/** The longest wait between two tries of one mail. */
const maxBackoffMs = 60 * 60 * 1000;
/** Mails claimed at once. */
const batchSize = 10;

interface ClaimedMail {
  id: number;
  attempts: number;
  emailConfigName: string | null;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  html: string;
  text: string;
  attachments: OutboxAttachment[];
}

/** The wait before the next try after `attempts` failed tries: base × 2^(attempts − 1), capped at an hour. */
export const backoffMs = (baseMs: number, attempts: number) => Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxBackoffMs);

/**
 * Work the worker does at the start of each round, before it sends (e.g. queueing the day-before
 * reminders of appointments): its own transactions, its failures logged, never thrown.
 */
export type MailerStep = (db: Db) => Promise<unknown>;

const running = new Set<Mailer>();
let wakeRequested = false;

/** Wakes every running mail worker of this process now (call it after the transaction that queued a mail commits). */
export function wakeMailer(): void {
  for (const mailer of running) mailer.wake();
}

/** Marks that a mail was queued in this request; the app wakes the workers once the answer is sent (committed). */
export function requestWake(): void {
  wakeRequested = true;
}

/** Wakes the workers if a mail was queued since the last call (the app's onResponse hook). */
export function wakeIfRequested(): void {
  if (!wakeRequested) return;
  wakeRequested = false;
  wakeMailer();
}

/**
 * The mail worker: sends the outbox's queued mails whose next try has come. Each mail is claimed with
 * `for update skip locked` and leased (its next try moved ahead) before sending, so two workers never
 * send one mail twice. A sent mail keeps the server's answer; a failed try counts, keeps its error and
 * waits (exponential backoff) for the next, and after the last allowed try the mail is 'failed'.
 * Nothing here throws into a request: the worker runs on its own timer.
 */
export class Mailer {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  /** Set by stop(): a round in progress finishes the mail it is sending and sends no other. */
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'mail'>,
    private readonly log?: FastifyBaseLogger,
    private readonly steps: readonly MailerStep[] = [],
  ) {}

  /** Starts polling (every MAIL_POLL_MS) and sends what is due now. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    running.add(this);
    this.schedule(0);
  }

  /** Stops polling and waits for the round in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    running.delete(this);
    clearTimeout(this.timer);
    await this.current;
  }

  /** Looks for due mails now instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.current) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.round(), ms);
    this.timer.unref?.();
  }

  private async round(): Promise<void> {
    if (this.current || this.stopped) return;
    this.current = (async () => {
      do {
        this.again = false;
        try {
          await this.runOnce();
        } catch (error) {
          this.log?.error({ err: error }, 'mail worker: a round failed');
        }
      } while (this.again && !this.stopped);
    })();
    await this.current;
    this.current = undefined;
    this.schedule(this.config.mail.pollMs);
  }

  /** Sends every due mail (batch after batch); answers how many were tried. */
  async runOnce(): Promise<number> {
    for (const step of this.steps) {
      try {
        await step(this.db);
      } catch (error) {
        this.log?.error({ err: error }, 'mail worker: a step before sending failed');
      }
    }
    let tried = 0;
    while (!this.stopping) {
      const claimed = await this.claim();
      if (!claimed.length) return tried;
      for (const [i, mail] of claimed.entries()) {
        if (this.stopping) {
          // stopping: the mail being sent was finished; the rest of the batch is given back at once, not after its lease
          await this.release(claimed.slice(i).map((m) => m.id));
          return tried;
        }
        await this.deliver(mail);
        tried++;
      }
    }
    return tried;
  }

  /** Takes up to a batch of due mails: locked rows are skipped, taken rows are leased ahead. */
  private claim(): Promise<ClaimedMail[]> {
    return rawRows<ClaimedMail>(
      this.db,
      sql`update outbox set next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
          where id in (
            select id from outbox where state = 'queued' and next_attempt_at <= now()
            order by next_attempt_at, id limit ${batchSize} for update skip locked)
          returning id, attempts, email_config_name as "emailConfigName", "to", cc, bcc, subject, html, text, attachments`,
    );
  }

  private async release(ids: number[]): Promise<void> {
    await this.db.execute(
      sql`update outbox set next_attempt_at = now() where id in ${sql.raw(`(${ids.map(Number).join(', ')})`)} and state = 'queued'`,
    );
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    const settings = await settingsFor(this.db, mail.emailConfigName);
    let answer: string;
    try {
      if (!settings) {
        throw new Error(
          mail.emailConfigName
            ? `There are no e-mail settings named ${mail.emailConfigName}`
            : 'There are no active e-mail settings to send with',
        );
      }
      answer = await sendNow(settings, {
        ...mail,
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.base64, 'base64'),
        })),
      });
    } catch (error) {
      const lastError = settings ? describeSendError(error, settings) : (error as Error).message;
      const attempts = mail.attempts + 1;
      const failed = attempts >= this.config.mail.maxAttempts;
      const wait = backoffMs(this.config.mail.retryBaseMs, attempts);
      this.log?.warn({ mailId: mail.id, attempts, error: lastError }, failed ? 'mail failed for good' : 'mail not sent; will try again');
      await this.db.execute(
        sql`update outbox set attempts = attempts + 1, last_error = ${lastError},
              state = ${failed ? 'failed' : 'queued'}, next_attempt_at = now() + make_interval(secs => ${wait / 1000})
            where id = ${mail.id} and state = 'queued'`,
      );
      return;
    }
    await this.db.execute(
      sql`update outbox set state = 'sent', sent_at = now(), server_answer = ${answer}, attempts = attempts + 1, last_error = null
          where id = ${mail.id} and state = 'queued'`,
    );
  }
}
