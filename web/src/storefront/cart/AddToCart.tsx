import type { PublicProductDetail } from '@tillbook/contract';
import { useState } from 'react';
import { setCartDrawer } from './drawer-state.ts';
import { useCart } from './use-cart.ts';
import './cart.css';

/** The product's attribute values grouped by attribute ("Size": M, L), in the order they come. */
export function attributeGroups(p: Pick<PublicProductDetail, 'productAttributeValues'>) {
  const groups = new Map<number, { name: string; values: { id: number; name: string }[] }>();
  for (const v of p.productAttributeValues) {
    const group = groups.get(v.productAttributeId) ?? { name: v.productAttributeName, values: [] };
    group.values.push({ id: v.id, name: v.name });
    groups.set(v.productAttributeId, group);
  }
  return [...groups].map(([id, group]) => ({ id, ...group }));
}

/** The product page's choice of colour and one value per attribute, the quantity and "Add to cart". */
export function AddToCart({ product: p }: { product: PublicProductDetail }) {
  const cart = useCart();
  const groups = attributeGroups(p);
  const [colorId, setColorId] = useState<number | null>(p.colors.length === 1 ? p.colors[0]!.id : null);
  const [values, setValues] = useState<Record<number, number>>(() =>
    Object.fromEntries(groups.filter((g) => g.values.length === 1).map((g) => [g.id, g.values[0]!.id])),
  );
  const [quantity, setQuantity] = useState(1);
  const [missing, setMissing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inStock = p.productQuantity > 0;

  async function onAdd() {
    const unchosen = [
      ...(p.colors.length > 0 && colorId === null ? ['a colour'] : []),
      ...groups.filter((g) => !values[g.id]).map((g) => g.name),
    ];
    if (unchosen.length > 0) {
      setMissing(`Choose ${unchosen.join(' and ')}`);
      return;
    }
    setMissing(null);
    const colour = p.colors.find((c) => c.id === colorId) ?? null;
    setBusy(true);
    const added = await cart.add({
      productId: p.id,
      product: {
        name: p.name,
        productThumbnailImage: p.productThumbnailImage,
        productSalePriceWithVat: p.productSalePriceWithVat,
        finalPriceWithVat: p.finalPriceWithVat,
      },
      stock: p.productQuantity,
      quantity,
      colorId: colour?.id ?? null,
      colors: colour ? { name: colour.name } : null,
      cartAttributeValue: groups.flatMap((g) => {
        const value = g.values.find((v) => v.id === values[g.id]);
        return value ? [{ productAttributeValueId: value.id, name: value.name }] : [];
      }),
    });
    setBusy(false);
    if (added) setCartDrawer(true);
  }

  return (
    <div className="cart-add" data-testid="add-to-cart">
      {p.colors.length > 0 && (
        <fieldset className="cart-choice">
          <legend>Colour</legend>
          {p.colors.map((c) => (
            <label key={c.id} className="cart-option">
              <input type="radio" name="colour" checked={colorId === c.id} onChange={() => setColorId(c.id)} />
              <span className="cart-swatch" style={{ background: c.colorCode }} aria-hidden="true" />
              {c.name}
            </label>
          ))}
        </fieldset>
      )}
      {groups.map((g) => (
        <fieldset key={g.id} className="cart-choice">
          <legend>{g.name}</legend>
          {g.values.map((v) => (
            <label key={v.id} className="cart-option">
              <input
                type="radio"
                name={`attribute-${g.id}`}
                checked={values[g.id] === v.id}
                onChange={() => setValues((now) => ({ ...now, [g.id]: v.id }))}
              />
              {v.name}
            </label>
          ))}
        </fieldset>
      ))}
      <div className="cart-add-row">
        <span className="cart-qty">
          <button type="button" aria-label="One less" disabled={quantity <= 1} onClick={() => setQuantity((q) => Math.max(1, q - 1))}>
            −
          </button>
          <output aria-label="Quantity">{quantity}</output>
          <button
            type="button"
            aria-label="One more"
            disabled={quantity >= p.productQuantity}
            onClick={() => setQuantity((q) => Math.min(p.productQuantity, q + 1))}
          >
            +
          </button>
        </span>
        <button type="button" className="cart-button" disabled={!inStock || busy} onClick={() => void onAdd()}>
          {/* out of stock: the page says so above; the button stays, disabled */}
          Add to cart
        </button>
      </div>
      {missing && (
        <p className="account-error" role="alert">
          {missing}
        </p>
      )}
    </div>
  );
}
