import { type AnswerOf, type EndpointOf, type routes, type SettingRead, toCents } from '@tillbook/contract';
import { billFigures } from '../../../lib/bill-figures.ts';
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
 * A sale printed: the shop (logo, name, address, VAT number, contact), the invoice number (also as a
 * barcode), the customer's name (and address on the A4 invoice), the lines with their VAT rate and VAT,
 * the server's totals (`bill`: goods − discount = total, VAT included), the payments and the change.
 * `layout` is the narrow receipt or the A4 invoice.
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
  const payments = paymentsOf(sale);
  const a4 = layout === 'invoice';
  return (
    <article
      className={`receipt receipt-${layout}${props.widthMm < 70 ? ' receipt-narrow' : ''}`}
      style={{ width: `${props.widthMm}mm` }}
      data-testid="receipt"
      aria-label={`Invoice ${invoice.number}`}
    >
      <ReceiptShop settings={settings} />
      <section className="receipt-meta">
        <div>
          <strong data-testid="invoice-number">{`Invoice #${invoice.number}`}</strong>
        </div>
        {invoice.receiptReference && <div data-testid="receipt-reference">{`Receipt ${invoice.receiptReference}`}</div>}
        <div>{`Date ${invoice.date}`}</div>
        <div data-testid="customer-name">{`Customer ${sale.billTo.name}`}</div>
        {a4 && sale.billTo.address && <div className="receipt-address">{sale.billTo.address}</div>}
        <div>{`Served by ${invoice.user.username}`}</div>
      </section>
      <table className="receipt-lines">
        <thead>
          <tr>
            <th>Item</th>
            <th className="num">Qty</th>
            {a4 && <th className="num">Unit price</th>}
            {a4 && <th className="num">Discount</th>}
            {a4 && <th className="num">VAT rate</th>}
            <th className="num">VAT</th>
            <th className="num">{a4 ? 'Net' : 'Amount'}</th>
          </tr>
        </thead>
        <tbody>
          {invoice.saleInvoiceProduct.map((l) => (
            <tr key={l.id}>
              <td>
                {l.variant ? `${l.product.name} · ${l.variant.sku}` : l.product.name}
                {layout === 'receipt' && (
                  <div className="receipt-sub">
                    {`${l.productQuantity} × ${money(l.productUnitSalePrice)}`}
                    {l.productDiscount ? ` − ${money(l.productDiscount)}` : ''}
                  </div>
                )}
              </td>
              <td className="num">{l.productQuantity}</td>
              {a4 && <td className="num">{money(l.productUnitSalePrice)}</td>}
              {a4 && <td className="num">{money(l.productDiscount)}</td>}
              {a4 && <td className="num">{`${Number(l.tax)}%`}</td>}
              <td className="num">{a4 ? money(l.taxAmount) : `${money(l.taxAmount)} (${Number(l.tax)}%)`}</td>
              <td className="num">{money(l.productFinalAmount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="receipt-totals" data-testid="invoice-figures">
        {billFigures(sale.bill).map((f) => (
          <div key={f.key} style={{ display: 'contents' }}>
            <dt className={f.key === 'total' ? 'receipt-grand' : undefined}>{f.label}</dt>
            <dd
              className={f.key === 'total' ? 'receipt-grand' : undefined}
              data-testid={f.key === 'total' ? 'receipt-total' : `bill-${f.key}`}
            >
              {money(f.amount)}
            </dd>
          </div>
        ))}
        {toCents(invoice.saleDiscount ?? 0) > 0 && (
          <>
            <dt>of which on the whole sale</dt>
            <dd data-testid="receipt-sale-discount">{money(invoice.saleDiscount)}</dd>
          </>
        )}
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

/** The shop at the head of a receipt: logo, name, tag line, address, VAT number and contact. */
export function ReceiptShop({ settings }: { settings: SettingRead | null }) {
  const contact = [settings?.phone, settings?.email, settings?.website].filter(Boolean);
  return (
    <header className="receipt-shop">
      {settings?.logo && <img src={settings.logo} alt="" className="receipt-logo" />}
      <div className="receipt-company" data-testid="shop-name">
        {settings?.companyName}
      </div>
      {settings?.tagLine && <div>{settings.tagLine}</div>}
      {settings?.address && (
        <div className="receipt-detail receipt-address" data-testid="shop-address">
          {settings.address}
        </div>
      )}
      {settings?.vatNumber && <div className="receipt-detail" data-testid="shop-vat-number">{`VAT number ${settings.vatNumber}`}</div>}
      {contact.map((line) => (
        <div key={line} className="receipt-detail">
          {line}
        </div>
      ))}
    </header>
  );
}
