import { type Cents, discountActiveOn, discountNetLines, type PriceDiscount, percentOf, toCents, unitPrice } from '@tillbook/contract';

/** What the till knows of a product when it is scanned: the public product answer's price parts. */
export interface TillProduct {
  id: number;
  name: string;
  sku: string;
  productSalePrice: number;
  /** 0 when the product has no VAT. */
  vatPercentage: number;
  /** The discount that runs today (the server says so), else null. */
  discount: PriceDiscount | null;
  /** On hand when it was scanned; undefined when unknown (a resumed held sale). */
  productQuantity?: number;
  /** The variant sold, for a product sold by variants: `sku`, `productSalePrice` and stock are then the variant's. */
  variantId?: number;
  /** The variant's colour and values ("Red / M"). */
  variantLabel?: string;
}

/** One line of the cart. Money in cents. */
export interface CartLine {
  productId: number;
  /** The variant sold (its own SKU, stock and price); two variants of one product are two lines. */
  variantId?: number;
  /** The variant's colour and values, shown after the name ("Tee · Red / M"). */
  variantLabel?: string;
  name: string;
  sku: string;
  /** The unit price after the catalogue discount, before VAT: what the server charges per unit. */
  unit: Cents;
  /** The price typed over the product's (issue 34: sent as `priceOverride`, a till event); absent: the catalogue's `unit`. */
  typedUnit?: Cents;
  vatPercent: number;
  quantity: number;
  /** The line discount: an amount off the whole line, before VAT. */
  discount: Cents;
  stock?: number;
  /** The server's word on this line (not enough stock, a refused discount). */
  error?: string;
}

/** One tender of a split payment. */
export interface Tender {
  methodId: number;
  amount: Cents;
}

export interface CartState {
  lines: CartLine[];
  /** null: the walk-in customer. */
  customer: { id: number; name: string } | null;
  tenders: Tender[];
  /** A discount on the whole sale, before VAT (the server shares it over the lines). */
  saleDiscount: Cents;
  /** The held sale this cart was resumed from; completing it completes that sale. */
  heldId: number | null;
}

export const emptyCart: CartState = { lines: [], customer: null, tenders: [], saleDiscount: 0, heldId: null };

/** Which line: the product, and its variant for a product sold by variants. */
export interface LineRef {
  productId: number;
  variantId?: number;
}

/** A line's key: the product's id, with the variant's after a slash ("7/12"). */
export const lineKey = (line: LineRef) => (line.variantId ? `${line.productId}/${line.variantId}` : String(line.productId));

export type CartAction =
  | { type: 'add'; product: TillProduct; date: string }
  | ({ type: 'quantity'; quantity: number } & LineRef)
  | ({ type: 'discount'; discount: Cents } & LineRef)
  /** A unit price typed over the product's; null goes back to the catalogue's. */
  | ({ type: 'price'; unit: Cents | null } & LineRef)
  | { type: 'saleDiscount'; discount: Cents }
  | ({ type: 'remove' } & LineRef)
  | { type: 'customer'; customer: CartState['customer'] }
  | { type: 'tender'; methodId: number; amount: Cents }
  /** The server's word per line, by `lineKey`. */
  | { type: 'errors'; errors: Record<string, string> }
  | { type: 'resume'; heldId: number; lines: CartLine[]; customer: CartState['customer']; saleDiscount?: Cents }
  | { type: 'clear' };

/**
 * The price the server will charge for one unit, from the contract's `unitPrice`: the discount the
 * public answer says runs today is applied (priced on a day of its window, so a difference of clocks
 * between the till and the server cannot drop it).
 */
export function tillUnit(product: TillProduct, date: string): Cents {
  const discount = product.discount;
  const day = discount && !discountActiveOn(discount, date) ? discount.startDate.slice(0, 10) : date;
  return toCents(
    unitPrice({ salePrice: product.productSalePrice, vatPercentage: product.vatPercentage, discount, date: day }).discountedPrice,
  );
}

const withoutError = (line: CartLine): CartLine => {
  const { error: _, ...rest } = line;
  return rest;
};

const updateLine = (state: CartState, ref: LineRef, change: (line: CartLine) => CartLine): CartState => ({
  ...state,
  lines: state.lines.map((l) => (lineKey(l) === lineKey(ref) ? withoutError(change(l)) : l)),
});

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'add': {
      const { product } = action;
      const ref = { productId: product.id, variantId: product.variantId };
      if (state.lines.some((l) => lineKey(l) === lineKey(ref)))
        return updateLine(state, ref, (l) => ({ ...l, quantity: l.quantity + 1, stock: product.productQuantity ?? l.stock }));
      const line: CartLine = {
        productId: product.id,
        ...(product.variantId ? { variantId: product.variantId, variantLabel: product.variantLabel } : {}),
        name: product.name,
        sku: product.sku,
        unit: tillUnit(product, action.date),
        vatPercent: product.vatPercentage ?? 0,
        quantity: 1,
        discount: 0,
        stock: product.productQuantity,
      };
      return { ...state, lines: [...state.lines, line] };
    }
    case 'quantity':
      return updateLine(state, action, (l) => ({ ...l, quantity: Math.max(1, Math.floor(action.quantity) || 1) }));
    case 'discount':
      return updateLine(state, action, (l) => ({ ...l, discount: Math.max(0, Math.round(action.discount) || 0) }));
    case 'price':
      return updateLine(state, action, (l) => {
        const { typedUnit: _, ...rest } = l;
        const unit = action.unit === null ? null : Math.max(0, Math.round(action.unit) || 0);
        return unit === null || unit === l.unit ? rest : { ...rest, typedUnit: unit };
      });
    case 'saleDiscount':
      return { ...state, saleDiscount: Math.max(0, Math.round(action.discount) || 0) };
    case 'remove':
      return { ...state, lines: state.lines.filter((l) => lineKey(l) !== lineKey(action)) };
    case 'customer':
      return { ...state, customer: action.customer };
    case 'tender': {
      const amount = Math.max(0, Math.round(action.amount) || 0);
      const tenders = state.tenders.some((t) => t.methodId === action.methodId)
        ? state.tenders.map((t) => (t.methodId === action.methodId ? { ...t, amount } : t))
        : [...state.tenders, { methodId: action.methodId, amount }];
      return { ...state, tenders };
    }
    case 'errors':
      return { ...state, lines: state.lines.map((l) => (action.errors[lineKey(l)] ? { ...l, error: action.errors[lineKey(l)] } : l)) };
    case 'resume':
      return { lines: action.lines, customer: action.customer, tenders: [], saleDiscount: action.saleDiscount ?? 0, heldId: action.heldId };
    case 'clear':
      return emptyCart;
  }
}

/** The unit price a line is sold at: the one typed over the product's, else the catalogue's. */
export const unitOf = (line: CartLine): Cents => line.typedUnit ?? line.unit;

/** A line's figures, as the server computes them: net = unit × quantity − line discount; VAT on the net. */
export function lineFigures(line: CartLine) {
  const gross = unitOf(line) * line.quantity;
  const net = gross - line.discount;
  const vat = percentOf(net, line.vatPercent);
  return { gross, net, vat, total: net + vat, discountTooBig: line.discount > gross };
}

/**
 * The cart's totals as the server will charge them (a preview: the sale's answer is the record): the
 * goods net of line discounts (`goods`), the sale's discount shared over the lines by the contract's
 * `discountNetLines` (the server's own function) with the VAT on what is left, and the total to pay.
 * A sale discount above the goods is not applied here (`saleDiscountTooBig`): the server refuses it.
 */
export function cartTotals(lines: readonly CartLine[], saleDiscount: Cents = 0) {
  const figures = lines.map(lineFigures);
  const goods = figures.reduce((s, f) => s + f.net, 0);
  const saleDiscountTooBig = saleDiscount > goods;
  const unshared = saleDiscount === 0 || saleDiscountTooBig || figures.some((f) => f.discountTooBig);
  const shared = unshared
    ? figures
    : discountNetLines(
        figures.map((f, i) => ({ net: f.net, vatPercent: lines[i]!.vatPercent })),
        saleDiscount,
      );
  const net = shared.reduce((s, l) => s + l.net, 0);
  const vat = shared.reduce((s, l) => s + l.vat, 0);
  const discount = lines.reduce((s, l) => s + l.discount, 0);
  return { goods, net, vat, discount, saleDiscountTooBig, total: net + vat, items: lines.reduce((n, l) => n + l.quantity, 0) };
}

/**
 * The tenders against the total, as the server settles them: what is paid beyond the total is
 * change, and only cash gives change. `problem` says why the server would refuse it.
 */
export function settle(total: Cents, tenders: readonly Tender[], isCash: (methodId: number) => boolean) {
  const paid = tenders.reduce((s, t) => s + t.amount, 0);
  const cash = tenders.filter((t) => isCash(t.methodId)).reduce((s, t) => s + t.amount, 0);
  const over = Math.max(0, paid - total);
  const problem = over > cash ? 'Only cash gives change: the card and other payments are more than the total' : undefined;
  return { paid, change: problem ? 0 : over, due: Math.max(0, total - paid), problem };
}

/** The body of POST sale-invoice (and PUT sale-invoice/hold/{id}); zero tenders are left out. */
export function saleBody(state: CartState, hold: boolean, tillSessionId?: number) {
  return {
    customerId: state.customer?.id,
    ...(tillSessionId ? { tillSessionId } : {}),
    saleInvoiceProduct: state.lines.map((l) => ({
      productId: l.productId,
      ...(l.variantId ? { productVariantId: l.variantId } : {}),
      productQuantity: l.quantity,
      ...(l.discount ? { productDiscount: l.discount / 100 } : {}),
      ...(l.typedUnit !== undefined ? { priceOverride: l.typedUnit / 100 } : {}),
    })),
    ...(state.saleDiscount ? { discount: state.saleDiscount / 100 } : {}),
    paidAmount: hold ? [] : state.tenders.filter((t) => t.amount > 0).map((t) => ({ paymentType: t.methodId, amount: t.amount / 100 })),
    ...(hold ? { isHold: 'true' as const } : {}),
  };
}

/**
 * The server's field errors on a sale, by line (`lineKey`): `saleInvoiceProduct.<index>.<field>` names a
 * line of the body; an `insufficient_stock` answer names the product (a variant: "Tee (TEE-RED-M)") in its message.
 */
export function lineErrors(
  lines: readonly CartLine[],
  answer: { error: string; fields?: Record<string, string> },
): { byProduct: Record<string, string>; rest: string[] } {
  const byProduct: Record<string, string> = {};
  const rest: string[] = [];
  for (const [field, reason] of Object.entries(answer.fields ?? {})) {
    const index = /^saleInvoiceProduct\.(\d+)\./.exec(field)?.[1];
    const line = index === undefined ? undefined : lines[Number(index)];
    if (line) byProduct[lineKey(line)] = `${field.endsWith('productDiscount') ? 'Discount' : 'This line'} ${reason}`;
    else if (field !== 'productId') rest.push(reason);
  }
  // insufficient_stock: "Not enough stock of <name>: ..." names the product, a variant by its SKU too
  const short = lines.find((l) => answer.error.startsWith(`Not enough stock of ${l.variantId ? `${l.name} (${l.sku})` : l.name}:`));
  if (short) byProduct[lineKey(short)] = answer.error;
  return { byProduct, rest };
}
