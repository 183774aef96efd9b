import { Link } from 'react-router';
import { useMoney } from '../shop.ts';
import { pictureUrl } from './picture-url.ts';
import type { ShownLine } from './use-cart.ts';
import './cart.css';

/** Why a server cart line needs a look: its price moved since it was added, or the stock fell below it. */
function LineNotes({ line }: { line: ShownLine }) {
  const money = useMoney();
  if (!line.priceChanged && !line.stockShort) return null;
  return (
    <div className="cart-notes">
      {line.priceChanged && (
        <span className="cart-note" data-testid="cart-price-changed">
          Price changed since you added it: now {money(line.unitPrice)}
        </span>
      )}
      {line.stockShort && (
        <span className="cart-note cart-note-danger" data-testid="cart-stock-short">
          {line.stock && line.stock > 0 ? `Only ${line.stock} left` : 'Out of stock'}
        </span>
      )}
    </div>
  );
}

interface Props {
  lines: ShownLine[];
  busy?: boolean;
  onChange?: (line: ShownLine, type: 'increment' | 'decrement') => void;
  onRemove?: (line: ShownLine) => void;
}

/** The cart's lines: picture, name, colour and attributes, unit price, quantity (− and +), line total. */
export function CartLines({ lines, busy = false, onChange, onRemove }: Props) {
  const money = useMoney();
  return (
    <ul className="cart-lines" data-testid="cart-lines">
      {lines.map((line) => (
        <li key={line.id} className="cart-line" data-testid="cart-line">
          {line.thumbnail ? <img className="cart-thumb" src={pictureUrl(line.thumbnail) ?? ''} alt="" /> : <div className="cart-thumb" />}
          <div className="cart-line-main">
            <Link to={`/product/${line.productId}`} className="cart-line-name">
              {line.name}
            </Link>
            {(line.colour || line.attributes.length > 0) && (
              <div className="cart-line-options" data-testid="cart-line-options">
                {[line.colour, ...line.attributes].filter(Boolean).join(' · ')}
              </div>
            )}
            <div className="cart-line-price">{money(line.unitPrice)} each</div>
            <LineNotes line={line} />
            <div className="cart-line-foot">
              {onChange ? (
                <span className="cart-qty">
                  <button type="button" aria-label={`One less ${line.name}`} disabled={busy} onClick={() => onChange(line, 'decrement')}>
                    −
                  </button>
                  <output aria-label={`Quantity of ${line.name}`} data-testid="cart-line-quantity">
                    {line.quantity}
                  </output>
                  <button type="button" aria-label={`One more ${line.name}`} disabled={busy} onClick={() => onChange(line, 'increment')}>
                    +
                  </button>
                </span>
              ) : (
                <span data-testid="cart-line-quantity">× {line.quantity}</span>
              )}
              <strong className="cart-line-total" data-testid="cart-line-total">
                {money(line.lineTotal)}
              </strong>
            </div>
            {onRemove && (
              <button type="button" className="cart-link-button" disabled={busy} onClick={() => onRemove(line)}>
                Remove
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
