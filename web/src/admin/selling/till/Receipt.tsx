import { type AnswerOf, customerName, type EndpointOf, type routes, type SettingRead, toCents } from '@tillbook/contract';
import { moneyOfCents } from '../../../lib/format.ts';
import { Barcode } from './Barcode.tsx';

export type SaleDetail = AnswerOf<EndpointOf<typeof routes.sale.get>>;

const money = (value: number) => moneyOfCents(toCents(value));

/** The payments of a sale from its postings: money into an account against the receivable ("… paid by Card"). */
export function paymentsOf(sale: SaleDetail) {
  return sale.transactions
    .filter((t) => t.credit === 'Accounts Receivable' && t.debit !== 'Accounts Receivable' && !/return/i.test(t.type))
    .map((t) => ({ id: t.id, method: /paid by (.+)$/.exec(t.particulars)?.[1] ?? t.debit, amount: t.amount, date: t.date }));
}

/**
 * A sale printed: the shop (logo, name, details), the invoice number as a barcode, the lines with VAT,
 * the totals, the payments and the change. `layout` is the narrow receipt or the A4 invoice.
 */
export function Receipt(props: {
  sale: SaleDetail;
  settings: SettingRead | null;
  layout: 'receipt' | 'invoice';
  /** The paper's width. */
  widthMm: number;
  change?: number;
}) {
  const { sale, settings, layout } = props;
  const invoice = sale.singleSaleInvoice;
  const net = toCents(invoice.totalAmount);
  const vat = toCents(invoice.totalTaxAmount);
  const payments = paymentsOf(sale);
  const details = [settings?.address, settings?.phone, settings?.email, settings?.website].filter(Boolean);
  return (
    <article
      className={`receipt receipt-${layout}${props.widthMm < 70 ? ' receipt-narrow' : ''}`}
      style={{ width: `${props.widthMm}mm` }}
      data-testid="receipt"
      aria-label={`Invoice ${invoice.number}`}
    >
      <header className="receipt-shop">
        {settings?.logo && <img src={settings.logo} alt="" className="receipt-logo" />}
        <div className="receipt-company">{settings?.companyName}</div>
        {settings?.tagLine && <div>{settings.tagLine}</div>}
        {details.map((line) => (
          <div key={line} className="receipt-detail">
            {line}
          </div>
        ))}
      </header>
      <section className="receipt-meta">
        <div>
          <strong>{`Invoice #${invoice.number}`}</strong>
        </div>
        <div>{`Date ${invoice.date}`}</div>
        <div>{`Customer ${customerName(invoice.customer)}`}</div>
        <div>{`Served by ${invoice.user.username}`}</div>
      </section>
      <table className="receipt-lines">
        <thead>
          <tr>
            <th>Item</th>
            <th className="num">Qty</th>
            {layout === 'invoice' && <th className="num">Unit</th>}
            {layout === 'invoice' && <th className="num">Discount</th>}
            <th className="num">VAT</th>
            <th className="num">Amount</th>
          </tr>
        </thead>
        <tbody>
          {invoice.saleInvoiceProduct.map((l) => (
            <tr key={l.id}>
              <td>
                {l.product.name}
                {layout === 'receipt' && (
                  <div className="receipt-sub">
                    {`${l.productQuantity} × ${money(l.productUnitSalePrice)}`}
                    {l.productDiscount ? ` − ${money(l.productDiscount)}` : ''}
                  </div>
                )}
              </td>
              <td className="num">{l.productQuantity}</td>
              {layout === 'invoice' && <td className="num">{money(l.productUnitSalePrice)}</td>}
              {layout === 'invoice' && <td className="num">{money(l.productDiscount)}</td>}
              <td className="num">{`${money(l.taxAmount)} (${Number(l.tax)}%)`}</td>
              <td className="num">{money(l.productFinalAmount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="receipt-totals">
        <dt>Subtotal</dt>
        <dd>{moneyOfCents(net)}</dd>
        {toCents(invoice.totalDiscountAmount) > 0 && (
          <>
            <dt>Discount</dt>
            <dd>{money(invoice.totalDiscountAmount)}</dd>
          </>
        )}
        {toCents(invoice.saleDiscount ?? 0) > 0 && (
          <>
            <dt>of which on the whole sale</dt>
            <dd data-testid="receipt-sale-discount">{money(invoice.saleDiscount)}</dd>
          </>
        )}
        <dt>VAT</dt>
        <dd>{moneyOfCents(vat)}</dd>
        <dt className="receipt-grand">Total</dt>
        <dd className="receipt-grand" data-testid="receipt-total">
          {moneyOfCents(net + vat)}
        </dd>
        {payments.map((p) => (
          <div key={p.id} style={{ display: 'contents' }}>
            <dt>{`Paid by ${p.method}`}</dt>
            <dd>{money(p.amount)}</dd>
          </div>
        ))}
        {props.change !== undefined && props.change > 0 && (
          <>
            <dt>Change</dt>
            <dd data-testid="receipt-change">{moneyOfCents(props.change)}</dd>
          </>
        )}
        {toCents(sale.totalReturnAmount) > 0 && (
          <>
            <dt>Returned</dt>
            <dd>{money(sale.totalReturnAmount)}</dd>
          </>
        )}
        <dt>Due</dt>
        <dd>{money(sale.dueAmount)}</dd>
      </dl>
      <Barcode
        value={String(invoice.number)}
        label={`Invoice number ${invoice.number} as a barcode`}
        height={layout === 'receipt' ? 36 : 48}
      />
      {settings?.footer && <footer className="receipt-footer">{settings.footer}</footer>}
    </article>
  );
}
