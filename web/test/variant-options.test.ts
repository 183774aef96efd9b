import { describe, expect, test } from 'vitest';
import { variantLabel } from '../src/lib/variant-label.ts';
import { chosenVariant, optionState } from '../src/storefront/cart/variant-options.ts';

// a tee in Red and Blue, sizes S (11) and M (12): Red/S sold with stock, Red/M sold out, Blue/S not sold
const red = 1;
const blue = 2;
const size = 7;
const variants = [
  { id: 101, colorId: red, productAttributeValueId: [11], productQuantity: 3 },
  { id: 102, colorId: red, productAttributeValueId: [12], productQuantity: 0 },
  { id: 103, colorId: blue, productAttributeValueId: [12], productQuantity: 2 },
];

describe("the storefront's variant choice", () => {
  test('a value is judged with the colour chosen: sold, sold out, not sold', () => {
    const withRed = { colorId: red, values: {} };
    expect(optionState(variants, withRed, size, 11)).toBe('onSale');
    expect(optionState(variants, withRed, size, 12)).toBe('soldOut');
    const withBlue = { colorId: blue, values: {} };
    expect(optionState(variants, withBlue, size, 11)).toBe('notSold');
    expect(optionState(variants, withBlue, size, 12)).toBe('onSale');
    // nothing chosen yet: M is on sale (in blue), a colour with M chosen is judged with it
    expect(optionState(variants, { colorId: null, values: {} }, size, 12)).toBe('onSale');
    expect(optionState(variants, { colorId: null, values: { [size]: 12 } }, null, red)).toBe('soldOut');
  });

  test('a whole choice names its variant; a partial one names none', () => {
    expect(chosenVariant(variants, { colorId: red, values: { [size]: 11 } }, true, 1)?.id).toBe(101);
    expect(chosenVariant(variants, { colorId: red, values: {} }, true, 1)).toBeNull();
    expect(chosenVariant(variants, { colorId: blue, values: { [size]: 11 } }, true, 1)).toBeNull();
  });

  test("a variant's name: colour, then values in the product's order", () => {
    const names = {
      colors: [{ id: red, name: 'Red' }],
      productAttributeValues: [
        { id: 21, name: 'Cotton' },
        { id: 12, name: 'M' },
      ],
    };
    expect(variantLabel({ colorId: red, productAttributeValueId: [12, 21] }, names)).toBe('Red / Cotton / M');
    expect(variantLabel({ colorId: null, productAttributeValueId: [12] }, names)).toBe('M');
  });
});
