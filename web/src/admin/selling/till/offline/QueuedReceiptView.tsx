import type { SettingRead } from '@tillbook/contract';
import { moneyOfCents } from '../../../../lib/format.ts';
import { Barcode } from '../Barcode.tsx';
import { ReceiptShop } from '../Receipt.tsx';
import type { QueuedReceipt } from './queued-receipt.ts';

/**
 * The printed receipt of a sale made offline (issue 33): the shop, the till's receipt reference (also as a barcode:
 * a return finds the sale by it once posted) where a posted sale prints its invoice number, which the server gives
 * when the queue posts it, and the sale as the till priced it.
 */
export function QueuedReceiptView(props: { receipt: QueuedReceipt; settings: SettingRead | null; widthMm: number }) {
  const { receipt, settings } = props;
  const soldAt = new Date(receipt.soldAt);
  return (
    <article
      className={`receipt receipt-receipt${props.widthMm < 70 ? ' receipt-narrow' : ''}`}
      style={{ width: `${props.widthMm}mm` }}
      data-testid="queued-receipt"
      aria-label={`Receipt ${receipt.reference}`}
    >
      <ReceiptShop settings={settings} />
      <section className="receipt-meta">
        <div>
          <strong data-testid="receipt-reference">{`Receipt ${receipt.reference}`}</strong>
        </div>
        <div>Invoice number given when the sale is posted</div>
        <div>{`Date ${soldAt.toLocaleDateString()} ${soldAt.toLocaleTimeString()}`}</div>
        {receipt.customer && <div data-testid="customer-name">{`Customer ${receipt.customer}`}</div>}
        <div>{`Served by ${receipt.servedBy}`}</div>
      </section>
      <table className="receipt-lines">
        <thead>
          <tr>
            <th>Item</th>
            <th className="num">Qty</th>
            <th className="num">VAT</th>
            <th className="num">Amount</th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((l) => (
            <tr key={l.key}>
              <td>
                {l.name}
                <div className="receipt-sub">
                  {`${l.quantity} × ${moneyOfCents(l.unit)}`}
                  {l.discount ? ` − ${moneyOfCents(l.discount)}` : ''}
                </div>
              </td>
              <td className="num">{l.quantity}</td>
              <td className="num">{`${moneyOfCents(l.vat)} (${l.vatPercent}%)`}</td>
              <td className="num">{moneyOfCents(l.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="receipt-totals">
        {receipt.saleDiscount > 0 && (
          <>
            <dt>Discount on the sale</dt>
            <dd>{moneyOfCents(-receipt.saleDiscount)}</dd>
          </>
        )}
        <dt className="receipt-grand">Total</dt>
        <dd className="receipt-grand" data-testid="receipt-total">
          {moneyOfCents(receipt.total)}
        </dd>
        <dt>VAT included</dt>
        <dd>{moneyOfCents(receipt.vat)}</dd>
        {receipt.payments.map((p) => (
          <div key={p.method} style={{ display: 'contents' }}>
            <dt>{`Paid by ${p.method}`}</dt>
            <dd>{moneyOfCents(p.amount)}</dd>
          </div>
        ))}
        {receipt.change > 0 && (
          <>
            <dt>Change</dt>
            <dd data-testid="receipt-change">{moneyOfCents(receipt.change)}</dd>
          </>
        )}
      </dl>
      <Barcode value={receipt.reference} label={`Receipt ${receipt.reference} as a barcode`} height={36} />
      {settings?.footer && <footer className="receipt-footer">{settings.footer}</footer>}
    </article>
  );
}
