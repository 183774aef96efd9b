import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Hashed build files (`/assets/<name>-<hash>.js`) never change under their name. */
export const immutable = 'public, max-age=31536000, immutable';
/** index.html (and the app's client routes) is asked for again every time, so a new build is picked up at once. */
export const revalidate = 'no-cache';

function setHeaders(res: SetHeadersResponse, file: string) {
  // the same address answers brotli, gzip or plain bytes, by the request's accept-encoding
  res.setHeader('vary', 'accept-encoding');
  const inAssets = path.basename(path.dirname(file)) === 'assets';
  res.setHeader('cache-control', inAssets ? immutable : revalidate);
}

/**
 * Serves the built web app from `webDist`: every file, as its `.br` or `.gz` sibling (written at build
 * time) when the browser accepts it, br preferred. Answers the index page sender for the app's client
 * routes, or null when the app is not built.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<((reply: FastifyReply) => FastifyReply) | null> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) return null;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders,
    // the compressed copies are sent in place of their originals, never under their own names
    globIgnore: ['**/*.br', '**/*.gz'],
  });
  return (reply) => reply.sendFile('index.html');
}
