import type { ProductVariant, PublicProductDetail } from '@tillbook/contract';
import { useEffect, useState } from 'react';
import { setCartDrawer } from './drawer-state.ts';
import { useCart } from './use-cart.ts';
import { chosenVariant, type OptionState, optionState, optionWords, type VariantPick } from './variant-options.ts';
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

/** One choice of a colour or a value: greyed out and disabled, with its reason, when not sold or sold out. */
function Option(props: { group: string; name: string; checked: boolean; state: OptionState; onChoose: () => void; swatch?: string }) {
  const off = props.state === 'onSale' ? null : optionWords[props.state];
  return (
    <label className={off ? 'cart-option cart-option-off' : 'cart-option'} title={off ?? undefined}>
      <input
        type="radio"
        name={props.group}
        checked={props.checked}
        disabled={off !== null}
        aria-label={off ? `${props.name}: ${off}` : props.name}
        onChange={props.onChoose}
      />
      {props.swatch && <span className="cart-swatch" style={{ background: props.swatch }} aria-hidden="true" />}
      {props.name}
      {off && <span className="cart-option-note">{off}</span>}
    </label>
  );
}

/**
 * The product page's choice of colour and one value per attribute, the quantity and "Add to cart". For a
 * product sold by variants, a colour or value that no variant has with the other choices is "Not sold", one
 * whose variants have no stock "Sold out"; the variant chosen is told to the page (`onVariant`) and added.
 */
export function AddToCart({ product: p, onVariant }: { product: PublicProductDetail; onVariant?: (v: ProductVariant | null) => void }) {
  const cart = useCart();
  const variants = p.variants;
  // sold by variants: only the colours and attributes the variants use are asked for
  const colours = variants && !variants.some((v) => v.colorId !== null) ? [] : p.colors;
  const groups = attributeGroups(p).filter(
    (g) => !variants || g.values.some((x) => variants.some((v) => v.productAttributeValueId.includes(x.id))),
  );
  const [colorId, setColorId] = useState<number | null>(colours.length === 1 ? colours[0]!.id : null);
  const [values, setValues] = useState<Record<number, number>>(() =>
    Object.fromEntries(groups.filter((g) => g.values.length === 1).map((g) => [g.id, g.values[0]!.id])),
  );
  const [quantity, setQuantity] = useState(1);
  const [missing, setMissing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pick: VariantPick = { colorId, values };
  const variant = variants ? chosenVariant(variants, pick, colours.length > 0, groups.length) : null;
  const stock = variant ? variant.productQuantity : p.productQuantity;
  const inStock = stock > 0;
  const stateOf = (attributeId: number | null, id: number): OptionState => {
    if (!variants) return 'onSale';
    // a colour is judged with the values chosen, a value with the colour and the other attributes' values
    const others: VariantPick =
      attributeId === null
        ? pick
        : { colorId, values: Object.fromEntries(Object.entries(values).filter(([a]) => Number(a) !== attributeId)) };
    return optionState(variants, others, attributeId, id);
  };

  useEffect(() => onVariant?.(variant), [variant, onVariant]);
  useEffect(() => setQuantity((q) => Math.max(1, Math.min(q, stock))), [stock]);

  async function onAdd() {
    const unchosen = [
      ...(colours.length > 0 && colorId === null ? ['a colour'] : []),
      ...groups.filter((g) => !values[g.id]).map((g) => g.name),
    ];
    if (unchosen.length > 0) {
      setMissing(`Choose ${unchosen.join(' and ')}`);
      return;
    }
    if (variants && !variant) {
      setMissing('This combination is not sold');
      return;
    }
    setMissing(null);
    const colour = colours.find((c) => c.id === colorId) ?? null;
    setBusy(true);
    const added = await cart.add({
      productId: p.id,
      product: {
        name: p.name,
        productThumbnailImage: p.productThumbnailImage,
        productSalePriceWithVat: variant?.productSalePrice == null ? p.productSalePriceWithVat : variant.finalPriceWithVat,
        finalPriceWithVat: variant ? variant.finalPriceWithVat : p.finalPriceWithVat,
      },
      stock,
      quantity,
      colorId: colour?.id ?? null,
      colors: colour ? { name: colour.name } : null,
      cartAttributeValue: groups.flatMap((g) => {
        const value = g.values.find((v) => v.id === values[g.id]);
        return value ? [{ productAttributeValueId: value.id, name: value.name }] : [];
      }),
      ...(variant ? { productVariantId: variant.id } : {}),
    });
    setBusy(false);
    if (added) setCartDrawer(true);
  }

  return (
    <div className="cart-add" data-testid="add-to-cart">
      {colours.length > 0 && (
        <fieldset className="cart-choice">
          <legend>Colour</legend>
          {colours.map((c) => (
            <Option
              key={c.id}
              group="colour"
              name={c.name}
              swatch={c.colorCode}
              checked={colorId === c.id}
              state={stateOf(null, c.id)}
              onChoose={() => setColorId(c.id)}
            />
          ))}
        </fieldset>
      )}
      {groups.map((g) => (
        <fieldset key={g.id} className="cart-choice">
          <legend>{g.name}</legend>
          {g.values.map((v) => (
            <Option
              key={v.id}
              group={`attribute-${g.id}`}
              name={v.name}
              checked={values[g.id] === v.id}
              state={stateOf(g.id, v.id)}
              onChoose={() => setValues((now) => ({ ...now, [g.id]: v.id }))}
            />
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
            disabled={quantity >= stock}
            onClick={() => setQuantity((q) => Math.min(stock, q + 1))}
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
