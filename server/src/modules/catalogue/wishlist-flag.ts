import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../platform/db.ts';
import { executePrepared } from '../../platform/prepared.ts';
import { customerOf } from '../../platform/route.ts';

type Flagged = { id: number; isInWishlist: string };

/**
 * The signed-in shopper's `isInWishlist` over a kept public answer (a list page or a product page). The
 * kept answer says 'false' for every product and is the same for everyone: a visitor is sent it as it is,
 * a shopper costs one indexed read of their own lines among the answer's products (`productIds`), and the
 * answer is rewritten only when one of them is on their list. Nothing per shopper is ever kept.
 */
export function wishlistFlag(db: DbOrTx, productIds: (req: FastifyRequest) => readonly number[] | Promise<readonly number[]>) {
  // a visitor's answer is the kept one, handed back at once (no promise, no turn of the event loop)
  return (req: FastifyRequest, kept: Buffer): Buffer | Promise<Buffer> => {
    const shopper = customerOf(req);
    return shopper === undefined ? kept : flagged(shopper, req, kept);
  };
  async function flagged(shopper: number, req: FastifyRequest, kept: Buffer): Promise<Buffer> {
    const ids = (await productIds(req)).filter((id) => Number.isSafeInteger(id) && id > 0);
    if (!ids.length) return kept;
    const rows = await executePrepared<{ product_id: number }>(
      db,
      sql`select product_id from product_wishlist where customer_id = ${shopper} and product_id = any(${`{${ids.join(',')}}`}::int[]) and status`,
    );
    if (!rows.length) return kept;
    const wished = new Set(rows.map((r) => Number(r.product_id)));
    const answer = JSON.parse(kept.toString('utf8')) as { getAllProduct?: Flagged[] } & Flagged;
    for (const product of Array.isArray(answer.getAllProduct) ? answer.getAllProduct : [answer]) {
      product.isInWishlist = wished.has(product.id) ? 'true' : 'false';
    }
    return Buffer.from(JSON.stringify(answer));
  }
}
