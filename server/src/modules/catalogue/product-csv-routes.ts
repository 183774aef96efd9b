import { productCsvEndpoints } from '@tillbook/contract';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import type { ListQuery } from '../../platform/list-query.ts';
import type { RouteDef } from '../../platform/route.ts';
import { productExport } from './product-export.ts';
import { productImportRoute } from './product-import.ts';
import type { StaffFilters } from './product-list.ts';

/** Products in and out as CSV: import (with a preview) and export of the filtered list. */
export function productCsvRoutes(ctx: AppContext): RouteDef[] {
  // JSON {csv} escapes quotes and line breaks, so allow twice the file limit plus the envelope
  const bodyLimit = ctx.files.maxBytes * 2 + 64 * 1024;
  return [
    implement(ctx, productCsvEndpoints.import, ({ req, query }) => productImportRoute(ctx, req, query), { bodyLimit }),
    implement(ctx, productCsvEndpoints.export, ({ query, req, reply }) => productExport(ctx, query as ListQuery<StaffFilters>, req, reply)),
  ];
}
