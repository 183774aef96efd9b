import { adjustInventoryInput, adjustStatusInput, purchaseReorderInput, purchaseReorderLines } from '@tillbook/contract';
import type { AppContext } from '../../platform/context.ts';
import { parseListQuery } from '../../platform/list-query.ts';
import { caller, found, idParam, parseBody, type RouteDef } from '../../platform/route.ts';
import { readAdjustment, listAdjustments } from './adjust-read.ts';
import { createAdjustment, setAdjustmentStatus } from './adjust-write.ts';
import { createPurchaseRequest, deletePurchaseRequest, listPurchaseRequests, listReorder, readPurchaseRequest } from './reorder.ts';

const codeParam = (params: unknown) => String((params as Record<string, string>).code ?? '');

/** The stock room: adjust inventory, the reorder list and purchase requests. */
export function inventoryRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  return [
    {
      method: 'POST', url: '/adjust-inventory', access: 'create-adjust',
      handler: async (req, reply) => {
        const input = parseBody(adjustInventoryInput, req.body);
        const userId = caller(req).id;
        const adjustId = await db.transaction((tx) => createAdjustment(tx, input, userId, ctx.config.clock));
        reply.code(201);
        return readAdjustment(db, adjustId);
      },
    },
    {
      method: 'GET', url: '/adjust-inventory', access: 'readAll-adjust',
      handler: async (req) => listAdjustments(db, parseListQuery(req.query)),
    },
    {
      method: 'GET', url: '/adjust-inventory/:id', access: 'readSingle-adjust',
      handler: async (req) => found(await readAdjustment(db, idParam(req)), 'Adjust inventory'),
    },
    {
      method: 'PATCH', url: '/adjust-inventory/:id', access: 'update-adjust',
      handler: async (req) => {
        const adjustId = idParam(req);
        const { status } = parseBody(adjustStatusInput, req.body);
        const userId = caller(req).id;
        await db.transaction((tx) => setAdjustmentStatus(tx, adjustId, status, userId, ctx.config.clock));
        return readAdjustment(db, adjustId);
      },
    },
    {
      method: 'GET', url: '/reorder-quantity', access: 'readAll-reorderQuantity',
      handler: async (req) => listReorder(db, parseListQuery(req.query, { sortable: ['name', 'sku', 'productQuantity', 'reorderQuantity'] })),
    },
    {
      method: 'POST', url: '/purchase-reorder-invoice', access: 'create-purchaseReorderInvoice',
      handler: async (req, reply) => {
        const [lines, prefix] = Array.isArray(req.body)
          ? [parseBody(purchaseReorderLines, req.body), '']
          : [parseBody(purchaseReorderInput, req.body).products, 'products.'];
        const code = await db.transaction((tx) => createPurchaseRequest(tx, lines, prefix));
        reply.code(201);
        return readPurchaseRequest(db, code);
      },
    },
    {
      method: 'GET', url: '/purchase-reorder-invoice', access: 'readAll-purchaseReorderInvoice',
      handler: async (req) => listPurchaseRequests(db, parseListQuery(req.query)),
    },
    {
      method: 'GET', url: '/purchase-reorder-invoice/:code', access: 'readSingle-purchaseReorderInvoice',
      handler: async (req) => readPurchaseRequest(db, codeParam(req.params)),
    },
    {
      method: 'DELETE', url: '/purchase-reorder-invoice/:code', access: 'delete-purchaseReorderInvoice',
      handler: async (req) => deletePurchaseRequest(db, codeParam(req.params)),
    },
  ];
}
