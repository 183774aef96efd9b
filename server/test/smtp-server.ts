/** A real SMTP server for the tests (server and browser), and a reader of the messages it takes. */
import net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it: the envelope and the raw message text. */
export interface Received {
  from: string;
  recipients: string[];
  raw: string;
  /** The user name the client logged in with, if it did. */
  user?: string;
  password?: string;
}

export interface TestSmtp {
  port: number;
  received: Received[];
  close(): Promise<void>;
}

/** What the test server answers when it takes a message (the mail's `serverAnswer` holds it). */
export const acceptedText = 'Taken by the test mail server';

/** A port nothing listens on (taken from the system, then let go). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A real SMTP server on 127.0.0.1 (no TLS, login optional), keeping every message it takes. */
export async function startSmtp(options: { port?: number; delayMs?: number } = {}): Promise<TestSmtp> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, session, callback) {
      (session as unknown as { login: { user?: string; password?: string } }).login = {
        user: auth.username ?? undefined,
        password: auth.password ?? undefined,
      };
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const login = (session as unknown as { login?: { user?: string; password?: string } }).login;
        const finish = () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            recipients: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
            user: login?.user,
            password: login?.password,
          });
          callback(null, acceptedText);
        };
        if (options.delayMs) setTimeout(finish, options.delayMs);
        else finish();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A part of a MIME message: its headers (lower-case names) and its decoded body. */
export interface MimePart {
  headers: Record<string, string>;
  body: Buffer;
}

function splitHeaders(text: string): { headers: Record<string, string>; body: string } {
  const at = text.indexOf('\r\n\r\n');
  const head = at < 0 ? text : text.slice(0, at);
  const body = at < 0 ? '' : text.slice(at + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decode(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable': {
      const soft = body.replace(/=\r\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < soft.length; i++) {
        const hex = soft.slice(i + 1, i + 3);
        if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
          bytes.push(Number.parseInt(hex, 16));
          i += 2;
        } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
      }
      return Buffer.from(bytes);
    }
    default:
      return Buffer.from(body, 'utf8');
  }
}

/** The message's top headers and its leaf parts (a small reader of the raw text, enough for these tests). */
export function readMessage(raw: string): { headers: Record<string, string>; parts: MimePart[] } {
  const top = splitHeaders(raw);
  const parts: MimePart[] = [];
  const walk = (headers: Record<string, string>, body: string) => {
    const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
    if (!/^multipart\//i.test(headers['content-type'] ?? '') || !boundary) {
      parts.push({ headers, body: decode(body, headers['content-transfer-encoding']) });
      return;
    }
    const pieces = body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      const inner = splitHeaders(piece.replace(/^\r\n/, ''));
      walk(inner.headers, inner.body.replace(/\r\n$/, ''));
    }
  };
  walk(top.headers, top.body);
  return { headers: top.headers, parts };
}
