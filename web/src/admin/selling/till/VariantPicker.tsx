import { Button, Modal, Typography } from 'antd';
import { money } from '../../../lib/format.ts';
import type { VariantChoice } from './till-variants.ts';

/**
 * The variants of the product chosen at the till, to pick the one sold: colour and values, SKU, stock and
 * price to pay (the server's). The first has the focus, so Tab and Enter pick one without the mouse.
 */
export function VariantPicker({
  name,
  choices,
  onPick,
  onClose,
}: {
  /** The product's name; null when no product is being chosen (the picker is closed). */
  name: string | null;
  choices: VariantChoice[];
  onPick: (choice: VariantChoice) => void;
  onClose: () => void;
}) {
  return (
    <Modal open={name !== null} title={`${name ?? ''}: which one?`} onCancel={onClose} footer={null} width="min(520px, calc(100vw - 32px))">
      {choices.length === 0 ? (
        <Typography.Text>No variant of this product is on sale.</Typography.Text>
      ) : (
        <ul aria-label="Variants" className="till-variants">
          {choices.map((c, index) => {
            const stock = c.product.productQuantity ?? 0;
            return (
              <li key={c.product.variantId}>
                <Button
                  block
                  autoFocus={index === 0}
                  className="till-variant"
                  aria-label={`${c.product.variantLabel}, ${c.product.sku}, ${stock} in stock, ${money(c.priceWithVat)}`}
                  onClick={() => onPick(c)}
                >
                  <strong>{c.product.variantLabel}</strong>
                  <span className="till-variant-sku">{c.product.sku}</span>
                  <span style={stock > 0 ? undefined : { color: '#cf1322' }}>{stock > 0 ? `${stock} in stock` : 'Out of stock'}</span>
                  <span>{money(c.priceWithVat)}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
