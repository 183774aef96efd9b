/**
 * The bench's load generator: keep-alive HTTP/1.1 connections over plain sockets, one request in flight per
 * connection, each answer read as bytes (the status line, Content-Length or chunked framing, nothing else).
 *
 * It replaced autocannon (issue 30), whose JavaScript header parser and string bodies cost about 33–49 µs an
 * answer: on two cores a cached read's rate was the load generator's, not the server's. Reading an answer here
 * costs a fraction of that, so a cached answer's rate says what the server can do.
 */
import net from 'node:net';

export interface Asked {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Answered {
  status: number;
  /** Milliseconds from the request's first byte written to the answer's last byte read. */
  ms: number;
  path: string;
  /** The body as text, kept only for an answer that is not 2xx (the first 2,000 bytes). */
  body?: string;
}

export interface Driven {
  /** Answers read within the time. */
  answers: number;
  errors: number;
  timeouts: number;
  seconds: number;
}

const headerEnd = Buffer.from('\r\n\r\n');
const lineEnd = Buffer.from('\r\n');
const contentLength = /\r\ncontent-length:[ \t]*(\d+)/i;
const chunked = /\r\ntransfer-encoding:[ \t]*[^\r]*chunked/i;
const closes = /\r\nconnection:[ \t]*close/i;

/** Reads one answer at a time from a connection's bytes; `take` answers the answer once it is whole. */
class AnswerReader {
  private pending: Buffer = Buffer.alloc(0);
  private status = 0;
  private remaining = -1; // body bytes still to read; -1 while the head is not read
  private isChunked = false;
  private keepBody = false;
  private body: Buffer[] = [];
  close = false;

  /** Feeds bytes; answers the status (and body when not 2xx) once the whole answer is read, else undefined. */
  feed(bytes: Buffer): { status: number; body?: string } | undefined {
    this.pending = this.pending.length ? Buffer.concat([this.pending, bytes]) : bytes;
    if (this.remaining < 0 && !this.readHead()) return undefined;
    if (this.isChunked ? !this.readChunks() : !this.readBody()) return undefined;
    const done = {
      status: this.status,
      ...(this.keepBody ? { body: Buffer.concat(this.body).toString('utf8').slice(0, 2000) } : {}),
    };
    this.remaining = -1;
    this.body = [];
    return done;
  }

  private readHead(): boolean {
    const end = this.pending.indexOf(headerEnd);
    if (end < 0) return false;
    const head = this.pending.toString('latin1', 0, end + 2);
    this.pending = this.pending.subarray(end + 4);
    this.status = Number(head.slice(9, 12));
    this.keepBody = this.status < 200 || this.status > 299;
    this.isChunked = chunked.test(head);
    this.close = closes.test(head);
    const length = contentLength.exec(head);
    this.remaining = this.isChunked ? 0 : length ? Number(length[1]) : 0;
    return true;
  }

  private readBody(): boolean {
    const n = Math.min(this.remaining, this.pending.length);
    if (this.keepBody && n) this.body.push(this.pending.subarray(0, n));
    this.pending = this.pending.subarray(n);
    this.remaining -= n;
    return this.remaining === 0;
  }

  /** Chunked framing: `remaining` counts the current chunk's bytes still to read (with its closing CRLF). */
  private readChunks(): boolean {
    for (;;) {
      if (this.remaining > 0) {
        const n = Math.min(this.remaining, this.pending.length);
        if (this.keepBody && this.remaining > 2) this.body.push(this.pending.subarray(0, Math.min(n, this.remaining - 2)));
        this.pending = this.pending.subarray(n);
        this.remaining -= n;
        if (this.remaining > 0) return false;
      }
      const eol = this.pending.indexOf(lineEnd);
      if (eol < 0) return false;
      const size = Number.parseInt(this.pending.toString('latin1', 0, eol), 16);
      if (size === 0) {
        // the last chunk, then trailers (none here) and an empty line
        const end = this.pending.indexOf(lineEnd, eol + 2);
        if (end < 0) return false;
        this.pending = this.pending.subarray(end + 2);
        return true;
      }
      this.pending = this.pending.subarray(eol + 2);
      this.remaining = size + 2;
    }
  }
}

const requestBytes = (host: string, r: Asked) => {
  const body = r.body === undefined ? undefined : Buffer.from(r.body);
  let head = `${r.method} ${r.path} HTTP/1.1\r\nhost: ${host}\r\n`;
  for (const [name, value] of Object.entries(r.headers ?? {})) head += `${name}: ${value}\r\n`;
  if (body) head += `content-length: ${body.length}\r\n`;
  head += '\r\n';
  return body ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : Buffer.from(head, 'latin1');
};

/**
 * Loads `url` for `seconds` over `connections` connections, each asking `next()`'s requests one at a time.
 * An answer that takes over `timeoutSeconds` counts a timeout; a cut connection counts an error; either
 * is replaced by a new connection. Answers arriving after the time are not counted.
 */
export function drive(
  url: string,
  next: () => Asked,
  options: { connections: number; seconds: number; timeoutSeconds: number; onAnswer: (a: Answered) => void },
): Promise<Driven> {
  const { hostname, port, host } = new URL(url);
  const result: Driven = { answers: 0, errors: 0, timeouts: 0, seconds: options.seconds };
  const endsAt = performance.now() + options.seconds * 1000;
  let open = 0;
  let settleRun: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    settleRun = resolve;
  });
  const sockets = new Set<net.Socket>();

  // the run ends when the time is up and no connection is left (a replacement due after the time is not made)
  const endIfDone = () => {
    if (open === 0 && performance.now() >= endsAt) settleRun();
  };
  const connect = () => {
    if (performance.now() >= endsAt) return endIfDone();
    open++;
    const socket = net.connect({ host: hostname, port: Number(port) || 80, noDelay: true });
    sockets.add(socket);
    const reader = new AnswerReader();
    let asked: Asked | undefined;
    let askedAt = 0;
    let timer: NodeJS.Timeout | undefined;
    let replaced = false;
    const replace = (count: 'errors' | 'timeouts' | null) => {
      if (replaced) return;
      replaced = true;
      clearTimeout(timer);
      if (count && performance.now() < endsAt) result[count]++;
      sockets.delete(socket);
      socket.destroy();
      open--;
      if (performance.now() < endsAt) setTimeout(connect, count === 'errors' ? 10 : 0);
      else endIfDone();
    };
    const ask = () => {
      if (performance.now() >= endsAt) return replace(null);
      asked = next();
      askedAt = performance.now();
      socket.write(requestBytes(host, asked));
      timer = setTimeout(() => replace('timeouts'), options.timeoutSeconds * 1000);
    };
    socket.on('connect', ask);
    socket.on('data', (bytes) => {
      const answer = reader.feed(bytes);
      if (!answer || !asked) return;
      clearTimeout(timer);
      const at = performance.now();
      if (at < endsAt) {
        result.answers++;
        options.onAnswer({ status: answer.status, ms: at - askedAt, path: asked.path, body: answer.body });
      }
      if (reader.close) replace(null);
      else ask();
    });
    socket.on('error', () => replace('errors'));
    socket.on('close', () => replace(performance.now() < endsAt ? 'errors' : null));
  };

  for (let c = 0; c < options.connections; c++) connect();
  // the time is up: cut what is still waiting for an answer
  setTimeout(
    () => {
      for (const socket of sockets) socket.destroy();
      endIfDone();
    },
    options.seconds * 1000 + 5,
  );
  return finished.then(() => result);
}
