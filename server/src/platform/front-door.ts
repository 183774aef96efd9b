import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import { chosenEncoding, type KeptAnswer } from './compressed-answers.ts';
import type { WatchedCache } from './watched-cache.ts';

/** Where a remembered address's answer is kept: its route's cache, and the key it is kept under now. */
export interface DoorSource {
  kept: WatchedCache<string, KeptAnswer>;
  /** The cache's key for this address at this moment (the business day and the address), else undefined. */
  keyNow: (url: string) => string | undefined;
  /** The route's answers differ by who asks (a shopper's wishlist flag): Vary names Authorization. */
  personal: boolean;
}

/** How many addresses the door remembers (about 150 bytes each); the oldest is forgotten first. */
const rememberedAddresses = 20_000;

/**
 * The front door (issue 30): a visitor's GET for an answer the app has kept is answered by the HTTP server
 * itself, before the framework parses, routes or runs a hook, from the same kept bytes and under the same check
 * as the route's own (`WatchedCache.keptNow`: no table or row it was read for written since), so it is never
 * staler than the route. The door learns an address when the route answers it to a visitor from its cache; it
 * knows nothing else. Everything it does not take goes on to the app as before: another method, a token, a
 * session cookie, a body, an address it has not learnt, an answer no longer good, a closing app.
 *
 * What it sends is what the route sends a visitor: 200, the kept bytes in the encoding the request accepts, the
 * API's security headers, the same Vary, and no Cache-Control (a visitor's public answer). It logs one line per
 * answer at the level the app logs its requests (none when the logger is off).
 */
export class FrontDoor {
  readonly #addresses = new Map<string, DoorSource>();
  readonly #sessionCookies: readonly string[];
  /** The fixed headers per route kind and encoding, built once. */
  readonly #headers = new Map<string, string[]>();
  #closing = false;
  #answered = 0;
  log: FastifyBaseLogger | undefined;

  constructor(
    private readonly securityHeaders: Record<string, string>,
    sessionCookies: readonly string[],
    private readonly countStatements: boolean,
  ) {
    this.#sessionCookies = sessionCookies.map((name) => `${name}=`);
  }

  /** How many requests the door has answered (health and tests read it). */
  get answered(): number {
    return this.#answered;
  }

  /** From now on every request goes to the app, which refuses new ones while it closes. */
  close(): void {
    this.#closing = true;
  }

  /** The route answered `url` to a visitor from `source`'s cache: the door may answer it from now on. */
  remember(url: string, source: DoorSource): void {
    if (this.#addresses.get(url) === source) return;
    if (this.#addresses.size >= rememberedAddresses) this.#addresses.delete(this.#addresses.keys().next().value as string);
    this.#addresses.set(url, source);
  }

  /** Answers `req` when it can (true), else leaves it to the app (false) having written nothing. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || this.#closing) return false;
    const url = req.url ?? '';
    const source = this.#addresses.get(url);
    if (!source) return false;
    const asked = req.headers;
    if (asked.authorization !== undefined || this.#signedIn(asked.cookie) || hasBody(asked)) return false;
    const key = source.keyNow(url);
    const hit = key === undefined ? undefined : source.kept.keptNow(key);
    if (!hit) return false;
    const kept = hit.answer;
    const encoding = kept.br ? chosenEncoding(asked['accept-encoding']) : undefined;
    const body = (encoding && kept[encoding]) || kept.plain;
    // the request has no body: reading nothing says so, or Node would pull a body off the wire after the answer
    // (its dump of an unread request: a resume, an end and a destroy, each a tick; 2 µs of a 22 µs answer)
    req.read(0);
    // the headers as one flat list (Node's fastest form), the length last: writeHead sends them at once
    res.writeHead(200, [...this.#headersFor(source.personal, kept.br !== undefined, encoding), 'content-length', String(body.length)]);
    res.end(body);
    this.#answered++;
    this.log?.info({ req: { method: 'GET', url }, res: { statusCode: 200 } }, 'answered at the front door');
    return true;
  }

  /** A session cookie makes the route's answer personal (no-store): such requests go to the app. */
  #signedIn(cookie: string | undefined): boolean {
    return cookie !== undefined && this.#sessionCookies.some((name) => cookie.includes(name));
  }

  #headersFor(personal: boolean, compressible: boolean, encoding: string | undefined): string[] {
    const kind = `${personal}|${compressible}|${encoding}`;
    let headers = this.#headers.get(kind);
    if (!headers) {
      const vary = [personal ? 'authorization' : undefined, compressible ? 'accept-encoding' : undefined].filter(Boolean).join(', ');
      headers = [
        ...Object.entries(this.securityHeaders).flat(),
        ...(vary ? ['vary', vary] : []),
        'content-type',
        'application/json; charset=utf-8',
        ...(encoding ? ['content-encoding', encoding] : []),
        ...(this.countStatements ? ['x-sql-statements', '0'] : []),
      ];
      this.#headers.set(kind, headers);
    }
    return headers;
  }
}

/** A request sent with a body (a GET may carry one): the app reads it; the door answers only requests without. */
const hasBody = (asked: IncomingMessage['headers']) =>
  asked['transfer-encoding'] !== undefined || (asked['content-length'] !== undefined && asked['content-length'] !== '0');

/**
 * Fastify's server, made as Fastify makes it (its timeouts), with the door in front of the app's handler: the
 * handler only sees what the door leaves.
 */
export function serverWithDoor(door: FrontDoor): FastifyServerFactory {
  return (handler, fastifyOptions) => {
    const options = fastifyOptions as {
      keepAliveTimeout?: number;
      requestTimeout?: number;
      connectionTimeout?: number;
      maxRequestsPerSocket?: number;
    };
    const server = http.createServer((req, res) => {
      if (!door.answer(req, res)) handler(req, res);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
