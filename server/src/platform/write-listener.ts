import pg from 'pg';
import type { SqlWatch } from './sql-watch.ts';
import { installWriteNotices, writesChannel } from './write-notices.ts';

export interface WriteListenerOptions {
  /** How long to wait before connecting again after a loss: the first wait, doubled each time up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** How often the listening connection is asked a `select 1`, to find a connection that died without a word. */
  pingMs?: number;
  warn?: (message: string) => void;
  /**
   * Is this backend process one of this process's own pool connections? Their writes were seen already,
   * from the SQL sent (sql-watch.ts), when they became visible; touching them again a moment later
   * would only drop answers read since.
   */
  own?: (pid: number) => boolean;
}

/**
 * One process's ear on PostgreSQL (server mode): a connection of its own (not from the pool) that
 * LISTENs on the writes channel (write-notices.ts) and touches what each notification names in the SQL
 * watch, so the caches of this process drop what another process (or psql) wrote.
 *
 * The watch is coherent only while this listens: on a loss (the connection closed or killed, an
 * unanswered ping) the watch is made incoherent at once (nothing is served or kept from caches), the
 * connection is made again with backoff, LISTEN is sent, the triggers of watched tables are checked,
 * and only then everything kept is dropped and the watch is coherent again: a write committed before
 * the LISTEN took effect is in every read started after it, a write committed after is notified.
 */
export class WriteListener {
  #closed = false;
  #client: pg.Client | undefined;
  #ready = false;
  #drop: (() => void) | undefined;
  readonly #running: Promise<void>;
  /** How many times it has started listening (tests wait for a reconnection with it). */
  sessions = 0;
  /** The backend process id of the listening connection, while there is one. */
  pid: number | undefined;

  constructor(
    private readonly url: string,
    private readonly watch: SqlWatch,
    private readonly options: WriteListenerOptions = {},
  ) {
    watch.lose();
    watch.onNewTables = () => this.#newTables();
    this.#running = this.#run();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#drop?.();
    await this.#running;
  }

  async #run(): Promise<void> {
    const first = this.options.retryMs ?? 100;
    let wait = first;
    while (!this.#closed) {
      const client = new pg.Client({
        connectionString: this.url,
        keepAlive: true,
        connectionTimeoutMillis: 10_000,
        application_name: 'tillbook listener',
      });
      const lost = new Promise<void>((resolve) => {
        this.#drop = resolve;
        // not trusted from this very moment (the loop below connects again)
        const gone = () => {
          if (this.#client === client) this.#deaf();
          resolve();
        };
        client.on('error', (error) => {
          if (!this.#closed) this.options.warn?.(`database: the listening connection failed (${error.message})`);
          gone();
        });
        client.on('end', gone);
      });
      client.on('notification', (notice) => {
        if (notice.channel !== writesChannel || !notice.payload || this.options.own?.(notice.processId)) return;
        this.watch.touch(notice.payload.split(' '));
      });
      const ping = setInterval(() => this.#ping(client), this.options.pingMs ?? 5000);
      ping.unref();
      try {
        await client.connect();
        this.#client = client;
        this.pid = (client as unknown as { processID: number | null }).processID ?? undefined;
        await client.query(`listen ${writesChannel}`);
        await this.#settle(client);
        wait = first;
        await lost;
      } catch (error) {
        if (!this.#closed) this.options.warn?.(`database: could not listen for writes (${(error as Error).message})`);
      }
      clearInterval(ping);
      this.#deaf();
      // a connection that died without a word may never answer the goodbye: wait a second at most
      await Promise.race([client.end().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
      if (this.#closed) break;
      await new Promise<void>((resolve) => {
        this.#drop = resolve;
        setTimeout(resolve, wait);
      });
      wait = Math.min(wait * 2, this.options.maxRetryMs ?? 5000);
    }
  }

  /** No connection to trust: the caches read and keep nothing until the next session coheres. */
  #deaf(): void {
    this.#ready = false;
    this.#client = undefined;
    this.pid = undefined;
    this.watch.lose();
  }

  /** Installs the triggers of every watched table (again while more come), then drops everything kept and coheres. */
  async #settle(client: pg.Client): Promise<void> {
    let installed = -1;
    while (installed !== this.watch.watched.size && !this.#closed) {
      installed = this.watch.watched.size;
      await installWriteNotices(client, [...this.watch.watched]);
    }
    if (this.#client !== client || this.#closed) return;
    this.#ready = true;
    this.sessions++;
    this.watch.cohere();
  }

  /** A cache watches a table no cache watched: no cache is trusted until its triggers are in place. */
  #newTables(): void {
    const client = this.#client;
    if (!this.#ready || !client) return; // the listener installs them before it coheres
    this.#ready = false;
    this.watch.lose();
    this.#settle(client).catch((error) => {
      this.options.warn?.(`database: could not install the write notices (${(error as Error).message})`);
      this.#drop?.();
    });
  }

  #ping(client: pg.Client): void {
    if (this.#client !== client) return;
    const drop = () => {
      if (this.#client !== client) return;
      this.options.warn?.('database: the listening connection did not answer its ping');
      this.#deaf();
      this.#drop?.();
    };
    const timeout = setTimeout(drop, this.options.pingMs ?? 5000);
    client.query('select 1').then(
      () => clearTimeout(timeout),
      () => {
        clearTimeout(timeout);
        drop();
      },
    );
  }
}
