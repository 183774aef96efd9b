import { fileEndpoints } from '@tillbook/contract';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { notFound } from '../../platform/errors.ts';
import { immutableCaching } from '../../platform/file-storage.ts';
import { mimeOf } from '../../platform/files.ts';
import type { RouteDef } from '../../platform/route.ts';

/**
 * Uploaded files, served back by the name the server gave them, from whichever storage holds them
 * (the uploads folder or the S3 bucket): streamed through the server, so the URL, the headers and
 * the Content-Security-Policy (images from our own origin) stay the same whatever the storage.
 */
export function filesRoutes(ctx: AppContext): RouteDef[] {
  return [
    implement(ctx, fileEndpoints.get, async ({ params: { name }, reply }) => {
      const file = await ctx.files.open(name);
      if (!file) throw notFound('File');
      reply.header('cache-control', immutableCaching);
      // the type was decided from the file's bytes at upload; browsers must not guess another
      reply.header('x-content-type-options', 'nosniff');
      // the shop's logo is shown in mails, which webmail pages of other sites load
      reply.header('cross-origin-resource-policy', 'cross-origin');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.type(mimeOf(name)).send(file.body);
    }),
  ];
}
