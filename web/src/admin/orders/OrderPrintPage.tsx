import { useQuery } from '@tanstack/react-query';
import { routes } from '@tillbook/contract';
import { Alert, Button, Space, Spin } from 'antd';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { billFigures } from '../../lib/bill-figures.ts';
import { money } from '../../lib/format.ts';
import { must } from '../../lib/http.ts';
import { useSettings } from '../../lib/settings.ts';
import { lineName } from './order-format.tsx';
import './order-print.css';

const titles = { 'packing-slip': 'Packing slip', invoice: 'Invoice' } as const;
type Kind = keyof typeof titles;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** What the packer checks at the end: "3 items in 2 lines". */
const packedCount = (lines: { productQuantity: number }[]) =>
  `${plural(
    lines.reduce((n, l) => n + l.productQuantity, 0),
    'item',
  )} in ${plural(lines.length, 'line')}`;

/**
 * An order on paper (`/admin/cart-order/:id/print/packing-slip` or `/invoice`): the shop, the shopper and
 * where it goes, the lines; the packing slip has a tick box per line and no prices, the invoice the prices
 * and the figures. Print uses a print stylesheet that leaves out the admin's menu, header and buttons.
 */
export default function OrderPrintPage() {
  const params = useParams();
  const id = Number(params.id);
  const kind: Kind = params.kind === 'invoice' ? 'invoice' : 'packing-slip';
  const { data: settings } = useSettings();
  const detail = useQuery({ queryKey: ['cart-order', id], queryFn: () => must(api(routes.order.get, { params: { id } })) });

  if (detail.error) return <Alert type="error" title={detail.error.message} />;
  if (!detail.data) return <Spin />;
  const d = detail.data;
  const order = d.singleCartOrder;
  const invoice = kind === 'invoice';
  const contact = [settings?.phone, settings?.email, settings?.website].filter(Boolean);

  return (
    <div>
      <Space wrap className="order-print-controls">
        <Button type="primary" onClick={() => window.print()}>
          Print
        </Button>
        <Link to={`/admin/cart-order/${id}/print/${invoice ? 'packing-slip' : 'invoice'}`}>
          <Button>{invoice ? 'Packing slip' : 'Invoice'}</Button>
        </Link>
        <Link to={`/admin/cart-order/${id}`}>Back to the order</Link>
      </Space>
      <article className="order-paper" aria-label={`${titles[kind]} of order ${order.id}`}>
        <header className="order-paper-head">
          <div>
            {settings?.logo && <img src={settings.logo} alt="" className="order-paper-logo" />}
            <div className="order-paper-shop" data-testid="shop-name">
              {settings?.companyName}
            </div>
            {settings?.address && (
              <div className="order-paper-address" data-testid="shop-address">
                {settings.address}
              </div>
            )}
            {settings?.vatNumber && <div data-testid="shop-vat-number">{`VAT number ${settings.vatNumber}`}</div>}
            {contact.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </div>
          <div className="order-paper-title">
            <h1>{titles[kind]}</h1>
            <div data-testid="invoice-number">{invoice ? `Invoice number ${order.id}` : `Order #${order.id}`}</div>
            <div>{`Date ${order.date}`}</div>
          </div>
        </header>
        <section className="order-paper-parties">
          <div>
            <h2>Deliver to</h2>
            <div data-testid="customer-name">{d.billTo.name}</div>
            <div className="order-paper-address">{d.billTo.address ?? ''}</div>
            <div>{order.customerPhone ?? order.customer.phone ?? ''}</div>
            {order.deliveryArea && <div>{`Area: ${order.deliveryArea}`}</div>}
          </div>
          <div>
            <h2>Shipping</h2>
            <div>{`Courier: ${order.courierMedium ?? 'not chosen yet'}`}</div>
            <div>{`Payment: ${order.paymentMethod}`}</div>
            {order.isCod === 'true' && d.dueAmount > 0 && (
              <div className="order-paper-strong">{`Collect on delivery: ${money(d.dueAmount)}`}</div>
            )}
          </div>
        </section>
        <div className="order-paper-scroll">
          <table className="order-paper-lines">
            <thead>
              <tr>
                {!invoice && <th className="tick">Packed</th>}
                <th>Item</th>
                <th className="num">Qty</th>
                {invoice && <th className="num">Unit price</th>}
                {invoice && <th className="num">VAT rate</th>}
                {invoice && <th className="num">VAT</th>}
                {invoice && <th className="num">Amount</th>}
              </tr>
            </thead>
            <tbody>
              {order.cartOrderProduct.map((l) => (
                <tr key={l.id}>
                  {!invoice && <td className="tick">☐</td>}
                  <td>{lineName(l)}</td>
                  <td className="num">{l.productQuantity}</td>
                  {invoice && <td className="num">{money(l.unitPrice)}</td>}
                  {invoice && <td className="num">{`${Number(l.productVat)}%`}</td>}
                  {invoice && <td className="num">{money(l.vatAmount)}</td>}
                  {invoice && <td className="num">{money(l.lineTotal)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {invoice ? (
          <dl className="order-paper-figures" data-testid="invoice-figures">
            {billFigures(d.bill, { web: true, couponCode: order.couponCode }).map((f) => (
              <div key={f.key} className={f.key === 'total' ? 'order-paper-strong' : undefined}>
                <dt>{f.label}</dt>
                <dd data-testid={`bill-${f.key}`}>{money(f.amount)}</dd>
              </div>
            ))}
            <div>
              <dt>Paid</dt>
              <dd>{money(d.totalPaidAmount)}</dd>
            </div>
            <div>
              <dt>Due</dt>
              <dd>{money(d.dueAmount)}</dd>
            </div>
          </dl>
        ) : (
          <p>{packedCount(order.cartOrderProduct)}</p>
        )}
        {order.note && <p className="order-paper-address">{`Note: ${order.note}`}</p>}
        {invoice && settings?.footer && <footer className="order-paper-footer">{settings.footer}</footer>}
      </article>
    </div>
  );
}
