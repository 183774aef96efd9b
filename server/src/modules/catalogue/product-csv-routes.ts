import { permissionName } from '@tillbook/contract';
import type { AppContext } from '../../platform/context.ts';
import type { RouteDef } from '../../platform/route.ts';
import { productExportRoute } from './product-export.ts';
import { productImportRoute } from './product-import.ts';

/** Products in and out as CSV: import (with a preview) and export of the filtered list. */
export function productCsvRoutes(ctx: AppContext): RouteDef[] {
  // JSON {csv} escapes quotes and line breaks, so allow twice the file limit plus the envelope
  const bodyLimit = ctx.files.maxBytes * 2 + 64 * 1024;
  return [
    { method: 'POST', url: '/product/import', access: permissionName('create', 'product'), bodyLimit, handler: (req) => productImportRoute(ctx, req) },
    { method: 'GET', url: '/product/export', access: permissionName('readAll', 'product'), handler: (req, reply) => productExportRoute(ctx, req, reply) },
  ];
}
