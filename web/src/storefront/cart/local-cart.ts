import type { CartLineInput } from '@tillbook/contract';

/**
 * The logged-out shopper's cart, kept in local storage under `cart` (core.md section 3, "Local cart line").
 * The rules are pure functions of the lines (tested in web/test/local-cart.test.ts); the storage and its
 * change notice are at the bottom.
 */
export interface LocalCartLine {
  /** Made from the time the line was added. */
  id: number;
  productId: number;
  product: {
    name: string;
    productThumbnailImage: string | null;
    /** The sale price with VAT before any discount (the spec's field). */
    productSalePriceWithVat: number;
    /** What one unit costs today, discount taken off (shown; the server charges its own price at checkout). */
    finalPriceWithVat?: number;
  };
  productQuantity: number;
  /** The chosen attribute values' ids (a set: their order does not matter). */
  productAttributeValueId: number[];
  colorId: number | null;
  colors: { name: string } | null;
  /** The chosen attribute values, with their names, to show on the line. */
  cartAttributeValue: { productAttributeValueId: number; name: string }[];
}

/** What the shopper picked on a product: the product, its stock now, its colour and attribute values. */
export interface CartPick {
  productId: number;
  product: LocalCartLine['product'];
  /** Units in stock now. */
  stock: number;
  quantity: number;
  colorId: number | null;
  colors: { name: string } | null;
  cartAttributeValue: { productAttributeValueId: number; name: string }[];
  /** The variant the colour and values name, for a product sold by variants (`stock` is then its own). */
  productVariantId?: number;
}

export type AddOutcome = { added: 'new' | 'merged'; lines: LocalCartLine[] } | { added: false; reason: 'stockOut'; lines: LocalCartLine[] };

const sameSet = (a: number[], b: number[]) => {
  const x = [...new Set(a)].sort((m, n) => m - n);
  const y = [...new Set(b)].sort((m, n) => m - n);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

/** The same line: the same product, the same set of attribute values in any order, the same colour. */
export function sameLine(line: Pick<LocalCartLine, 'productId' | 'productAttributeValueId' | 'colorId'>, pick: CartPick): boolean {
  return (
    line.productId === pick.productId &&
    (line.colorId ?? null) === (pick.colorId ?? null) &&
    sameSet(
      line.productAttributeValueId,
      pick.cartAttributeValue.map((v) => v.productAttributeValueId),
    )
  );
}

/** How many units of a product the cart holds over all its lines (every colour and attribute). */
export const quantityOf = (lines: LocalCartLine[], productId: number) =>
  lines.filter((l) => l.productId === productId).reduce((sum, l) => sum + l.productQuantity, 0);

/**
 * Adding a product (core.md section 4): when the cart already holds as many of the product (of a
 * variant: of that variant) as its stock, or more, nothing is added ('Product stock out'); a matching line has its quantity raised;
 * otherwise a new line is added, its id made from `now`.
 */
export function addToCart(lines: LocalCartLine[], pick: CartPick, now: number = Date.now()): AddOutcome {
  const match = lines.find((l) => sameLine(l, pick));
  // a variant's stock is its own: only its line counts against it
  const held = pick.productVariantId ? (match?.productQuantity ?? 0) : quantityOf(lines, pick.productId);
  if (held >= pick.stock) return { added: false, reason: 'stockOut', lines };
  if (match)
    return {
      added: 'merged',
      lines: lines.map((l) => (l === match ? { ...l, productQuantity: l.productQuantity + pick.quantity } : l)),
    };
  const taken = new Set(lines.map((l) => l.id));
  let id = now;
  while (taken.has(id)) id += 1;
  const line: LocalCartLine = {
    id,
    productId: pick.productId,
    product: pick.product,
    productQuantity: pick.quantity,
    productAttributeValueId: pick.cartAttributeValue.map((v) => v.productAttributeValueId),
    colorId: pick.colorId,
    colors: pick.colors,
    cartAttributeValue: pick.cartAttributeValue,
  };
  return { added: 'new', lines: [...lines, line] };
}

/** One more or one less of a line; one less of a single unit removes the line. */
export function changeQuantity(lines: LocalCartLine[], id: number, type: 'increment' | 'decrement'): LocalCartLine[] {
  return lines.flatMap((l) => {
    if (l.id !== id) return [l];
    const productQuantity = l.productQuantity + (type === 'increment' ? 1 : -1);
    return productQuantity > 0 ? [{ ...l, productQuantity }] : [];
  });
}

export const removeLine = (lines: LocalCartLine[], id: number) => lines.filter((l) => l.id !== id);

/** What a line costs at the price shown (today's, when known). */
export const linePrice = (l: LocalCartLine) => l.product.finalPriceWithVat ?? l.product.productSalePriceWithVat;

/** The lines as the server takes them at login (core.md section 3, "Cart line sent to the server"). */
export const toServerLines = (lines: LocalCartLine[]): CartLineInput[] =>
  lines.map((l) => ({
    productAttributeValueId: l.productAttributeValueId,
    productId: l.productId,
    colorId: l.colorId ?? null,
    productQuantity: l.productQuantity,
  }));
