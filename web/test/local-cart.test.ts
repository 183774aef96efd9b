import { describe, expect, test } from 'vitest';
import {
  addToCart,
  type CartPick,
  changeQuantity,
  type LocalCartLine,
  quantityOf,
  removeLine,
  toServerLines,
} from '../src/storefront/cart/local-cart.ts';
import { parseLocalCart } from '../src/storefront/cart/local-cart-parse.ts';

const shirt = { name: 'Shirt', productThumbnailImage: '/uploads/shirt.webp', productSalePriceWithVat: 20, finalPriceWithVat: 18 };
const pick = (changes: Partial<CartPick> = {}): CartPick => ({
  productId: 7,
  product: shirt,
  stock: 5,
  quantity: 1,
  colorId: 2,
  colors: { name: 'Red' },
  cartAttributeValue: [
    { productAttributeValueId: 11, name: 'M' },
    { productAttributeValueId: 21, name: 'Cotton' },
  ],
  ...changes,
});
const add = (lines: LocalCartLine[], p: CartPick, now = 1000) => addToCart(lines, p, now);

describe('the local cart (core.md section 4)', () => {
  test('a first product is a new line in the spec shape, its id made from the time', () => {
    const outcome = add([], pick(), 1_700_000_000_000);
    expect(outcome.added).toBe('new');
    expect(outcome.lines).toEqual([
      {
        id: 1_700_000_000_000,
        productId: 7,
        product: shirt,
        productQuantity: 1,
        productAttributeValueId: [11, 21],
        colorId: 2,
        colors: { name: 'Red' },
        cartAttributeValue: [
          { productAttributeValueId: 11, name: 'M' },
          { productAttributeValueId: 21, name: 'Cotton' },
        ],
      },
    ]);
  });

  test('the same product, colour and set of attribute values in another order raises the line', () => {
    const first = add([], pick()).lines;
    const again = add(first, pick({ quantity: 2, cartAttributeValue: [...pick().cartAttributeValue].reverse() }), 2000);
    expect(again.added).toBe('merged');
    expect(again.lines.map((l) => [l.id, l.productQuantity])).toEqual([[1000, 3]]);
  });

  test('another colour, another attribute value or none is a line of its own', () => {
    let lines = add([], pick()).lines;
    lines = add(lines, pick({ colorId: 3, colors: { name: 'Blue' } }), 2000).lines;
    lines = add(lines, pick({ cartAttributeValue: [{ productAttributeValueId: 11, name: 'M' }] }), 3000).lines;
    lines = add(lines, pick({ colorId: null, colors: null, cartAttributeValue: [] }), 4000).lines;
    expect(lines.map((l) => [l.colors?.name ?? null, l.productAttributeValueId])).toEqual([
      ['Red', [11, 21]],
      ['Blue', [11, 21]],
      ['Red', [11]],
      [null, []],
    ]);
    expect(quantityOf(lines, 7)).toBe(4);
  });

  test('lines added within the same millisecond still get ids of their own', () => {
    let lines = add([], pick(), 5000).lines;
    lines = add(lines, pick({ colorId: 3 }), 5000).lines;
    expect(lines.map((l) => l.id)).toEqual([5000, 5001]);
  });

  test('at or above the stock over all its lines, nothing is added (Product stock out)', () => {
    let lines = add([], pick({ quantity: 3 })).lines;
    lines = add(lines, pick({ quantity: 2, colorId: 3 }), 2000).lines;
    expect(quantityOf(lines, 7)).toBe(5);
    const refused = add(lines, pick(), 3000);
    expect(refused).toEqual({ added: false, reason: 'stockOut', lines });
    // another product is not held back by this one's stock
    expect(add(lines, pick({ productId: 8 }), 3000).added).toBe('new');
    // a product out of stock cannot be added at all
    expect(add([], pick({ stock: 0 })).added).toBe(false);
  });

  test('quantity goes up and down by one; down from one removes the line', () => {
    let lines = add([], pick()).lines;
    lines = add(lines, pick({ colorId: 3 }), 2000).lines;
    lines = changeQuantity(lines, 1000, 'increment');
    expect(lines.map((l) => l.productQuantity)).toEqual([2, 1]);
    lines = changeQuantity(lines, 1000, 'decrement');
    lines = changeQuantity(lines, 2000, 'decrement');
    expect(lines.map((l) => [l.id, l.productQuantity])).toEqual([[1000, 1]]);
    expect(removeLine(lines, 1000)).toEqual([]);
  });

  test('the lines go to the server as the spec sends them', () => {
    const lines = add(add([], pick({ quantity: 2 })).lines, pick({ colorId: null, colors: null, cartAttributeValue: [] }), 2000).lines;
    expect(toServerLines(lines)).toEqual([
      { productAttributeValueId: [11, 21], productId: 7, colorId: 2, productQuantity: 2 },
      { productAttributeValueId: [], productId: 7, colorId: null, productQuantity: 1 },
    ]);
  });

  test('what is stored is read back; anything else stored under the key is an empty cart', () => {
    const lines = add([], pick()).lines;
    expect(parseLocalCart(JSON.stringify(lines))).toEqual(lines);
    expect(parseLocalCart(null)).toEqual([]);
    expect(parseLocalCart('not json')).toEqual([]);
    expect(parseLocalCart('{"a":1}')).toEqual([]);
    expect(parseLocalCart('[{"id":1,"productId":2,"productQuantity":1}]')).toEqual([]);
  });

  test("a variant's stock is its own: another variant of the product in the cart does not use it up", () => {
    const red = pick({ stock: 1, productVariantId: 71 });
    const blue = pick({ stock: 1, productVariantId: 72, colorId: 3, colors: { name: 'Blue' } });
    const first = add([], red);
    const second = add(first.lines, blue, 2000);
    expect(second.added).toBe('new');
    expect(second.lines.map((l) => l.colorId)).toEqual([2, 3]);
    expect(add(second.lines, red, 3000)).toMatchObject({ added: false, reason: 'stockOut' });
  });
});
