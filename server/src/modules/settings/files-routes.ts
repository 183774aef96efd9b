import fs from 'node:fs';
import { fileEndpoints } from '@tillbook/contract';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { notFound } from '../../platform/errors.ts';
import { mimeOf } from '../../platform/files.ts';
import type { RouteDef } from '../../platform/route.ts';

/** Uploaded files, served back by the name the server gave them. */
export function filesRoutes(ctx: AppContext): RouteDef[] {
  return [
    implement(ctx, fileEndpoints.get, async ({ params: { name }, reply }) => {
      if (!ctx.files.isStoredName(name) || !fs.existsSync(ctx.files.pathOf(name))) throw notFound('File');
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      // the type was decided from the file's bytes at upload; browsers must not guess another
      reply.header('x-content-type-options', 'nosniff');
      // the shop's logo is shown in mails, which webmail pages of other sites load
      reply.header('cross-origin-resource-policy', 'cross-origin');
      return reply.type(mimeOf(name)).send(fs.createReadStream(ctx.files.pathOf(name)));
    }),
  ];
}
