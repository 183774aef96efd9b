import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Answers made for one request smaller than this go as they are: compressing them costs more time than the bytes it saves. */
export const compressFrom = 1024;
/** A kept answer is compressed once and sent many times: from this size on it is worth it (a product page is 700–1,000 bytes). */
export const keepCompressedFrom = 256;

export type Encoding = 'br' | 'gzip';

/** A kept answer: its bytes, and (from `keepCompressedFrom` bytes on) the same bytes in br and gzip, made once when it is kept. */
export interface KeptAnswer {
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const brotliAt = (quality: number, size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/**
 * The answer to keep for `plain`: made once per kept answer, off the event loop (zlib's thread pool), at
 * levels that cost a fraction of a millisecond for a page (brotli's top levels cost tens of milliseconds,
 * which every first read of a page would pay, for a few per cent fewer bytes).
 */
export async function keptAnswer(plain: Buffer): Promise<KeptAnswer> {
  if (plain.length < keepCompressedFrom) return { plain };
  const [br, gz] = await Promise.all([brotli(plain, brotliAt(5, plain.length)), gzip(plain, { level: 6 })]);
  return { plain, br, gzip: gz };
}

const choices = new Map<string, Encoding | undefined>();

/**
 * The encoding to answer a request's `Accept-Encoding` in: br when it is accepted at least as much as
 * gzip, else gzip, else none (plain). `q=0` refuses an encoding, `*` stands for the ones not named.
 * The few distinct headers browsers send are worked out once.
 */
export function chosenEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (typeof header !== 'string' || header === '') return undefined;
  if (choices.has(header)) return choices.get(header);
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    const q = params.map((p) => /^q=([0-9.]+)$/.exec(p)).find(Boolean);
    weights.set(name === 'x-gzip' ? 'gzip' : name!, q ? Number(q[1]) : 1);
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const [br, gz] = [weight('br'), weight('gzip')];
  const chosen = br > 0 && br >= gz ? 'br' : gz > 0 ? 'gzip' : undefined;
  // headers are few (one per browser); a client sending random ones only gets them worked out again
  if (choices.size < 200) choices.set(header, chosen);
  return chosen;
}

/** Says that this answer's bytes depend on the request's Accept-Encoding (beside what it already varies by). */
export function varyByEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/\baccept-encoding\b/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
}

/**
 * A kept answer as the request accepts it: its br or gzip bytes when it has them and they are accepted,
 * else its plain bytes (and Vary: Accept-Encoding either way, so no cache on the way hands one to a
 * client that cannot read it).
 */
export function sendKept(reply: FastifyReply, kept: KeptAnswer): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (!kept.br) return reply.send(kept.plain);
  varyByEncoding(reply);
  const encoding = chosenEncoding(reply.request.headers['accept-encoding']);
  if (!encoding) return reply.send(kept.plain);
  return reply.header('content-encoding', encoding).send(kept[encoding]);
}

/**
 * Every other JSON answer of `compressFrom` bytes or more is compressed as it goes out, in the encoding
 * the request accepts, at the fastest level (brotli 1 or gzip 1), off the event loop. Answers that already say
 * their encoding (kept answers, the web app's files) and streams (files, exports) go as they are.
 */
export function compressJsonAnswers(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if ((typeof payload !== 'string' && !Buffer.isBuffer(payload)) || reply.hasHeader('content-encoding')) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return done(null, payload);
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (bytes.length < compressFrom) return done(null, payload);
    varyByEncoding(reply);
    const encoding = chosenEncoding(req.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const finish = (error: Error | null, compressed: Buffer) => {
      if (error) return done(null, payload);
      reply.header('content-encoding', encoding).removeHeader('content-length');
      done(null, compressed);
    };
    if (encoding === 'gzip') zlib.gzip(bytes, { level: 1 }, finish);
    else zlib.brotliCompress(bytes, brotliAt(1, bytes.length), finish);
  });
}
