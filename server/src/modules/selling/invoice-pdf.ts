import { formatMoney, toCents } from '@tillbook/contract';
import PDFDocument from 'pdfkit';
import type { DbOrTx } from '../../platform/db.ts';
import { readSale } from './sale-read.ts';
import { type ShopDetails, shopDetails } from './shop-details.ts';

type Sale = NonNullable<Awaited<ReturnType<typeof readSale>>>;

const money = (value: number | string) => formatMoney(toCents(Number(value)));

/** The payments of a sale from its postings: money into an account against the receivable (as the printed invoice lists them). */
function paymentsOf(sale: Sale) {
  return sale.transactions
    .filter((t) => t.credit === 'Accounts Receivable' && t.debit !== 'Accounts Receivable' && !/return/i.test(t.type))
    .map((t) => ({ method: /paid by (.+)$/.exec(t.particulars ?? '')?.[1] ?? t.debit, amount: t.amount }));
}

// A4 in points, 50 pt margins; the line table's columns (x, width, right-aligned)
const left = 50;
const width = 495;
const columns = [
  { title: 'Item', x: 50, w: 150, num: false },
  { title: 'Qty', x: 200, w: 35, num: true },
  { title: 'Unit price', x: 235, w: 60, num: true },
  { title: 'Discount', x: 295, w: 55, num: true },
  { title: 'VAT rate', x: 350, w: 45, num: true },
  { title: 'VAT', x: 395, w: 65, num: true },
  { title: 'Net', x: 460, w: 85, num: true },
];

function row(doc: PDFKit.PDFDocument, cells: string[], bold = false) {
  if (doc.y > 760) doc.addPage();
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  let bottom = y;
  cells.forEach((cell, i) => {
    const c = columns[i]!;
    doc.text(cell, c.x, y, { width: c.w, align: c.num ? 'right' : 'left' });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = left;
  doc.y = bottom + 3;
}

function total(doc: PDFKit.PDFDocument, label: string, value: string, bold = false) {
  if (doc.y > 780) doc.addPage();
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 10);
  doc.text(label, 330, y, { width: 130, align: 'left' });
  doc.text(value, 460, y, { width: 85, align: 'right' });
  doc.x = left;
}

/** Draws the A4 invoice: the same content as the printed A4 page (web Receipt, layout 'invoice'). */
function draw(doc: PDFKit.PDFDocument, sale: Sale, shop: ShopDetails) {
  const invoice = sale.singleSaleInvoice;
  const bill = sale.bill;
  doc.font('Helvetica-Bold').fontSize(18).text(shop.companyName, left, 50, { width, align: 'center' });
  doc.font('Helvetica').fontSize(10);
  for (const line of [shop.tagLine, shop.address, shop.vatNumber && `VAT number ${shop.vatNumber}`, shop.phone, shop.email, shop.website])
    if (line) doc.text(line, { width, align: 'center' });
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(14).text(`Invoice #${invoice.number}`, left);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Date ${invoice.date}`);
  doc.text(`Customer ${sale.billTo.name}`);
  if (sale.billTo.address) doc.text(sale.billTo.address);
  doc.text(`Served by ${invoice.user.username}`);
  if (invoice.state === 'deleted' || !invoice.status) doc.font('Helvetica-Bold').text('VOID: this sale was undone');
  doc.moveDown();
  row(
    doc,
    columns.map((c) => c.title),
    true,
  );
  doc
    .moveTo(left, doc.y - 1)
    .lineTo(left + width, doc.y - 1)
    .stroke();
  doc.y += 2;
  for (const l of invoice.saleInvoiceProduct)
    row(doc, [
      l.product.name,
      String(l.productQuantity),
      money(l.productUnitSalePrice),
      money(l.productDiscount),
      `${Number(l.tax)}%`,
      money(l.taxAmount),
      money(l.productFinalAmount),
    ]);
  doc.moveDown();
  // the bill's figures add up: goods − discount − coupon + delivery = total
  total(doc, 'Goods (with VAT)', money(bill.goods));
  total(doc, 'Discount', money(-bill.discount));
  if (toCents(bill.coupon) > 0) total(doc, 'Coupon', money(-bill.coupon));
  if (toCents(bill.deliveryFee) > 0) total(doc, 'Delivery', money(bill.deliveryFee));
  total(doc, 'Total', money(bill.total), true);
  total(doc, 'VAT included', money(bill.vatIncluded));
  for (const p of paymentsOf(sale)) total(doc, `Paid by ${p.method}`, money(p.amount));
  total(doc, 'Paid', money(sale.totalPaidAmount));
  if (toCents(Number(sale.totalReturnAmount)) > 0) total(doc, 'Returned', money(sale.totalReturnAmount));
  total(doc, 'Due', money(sale.dueAmount), true);
  if (shop.footer) {
    doc.moveDown(2);
    doc.font('Helvetica').fontSize(9).text(shop.footer, left, doc.y, { width, align: 'center' });
  }
}

/** A sale invoice as an A4 PDF, read through selling's own sale read; undefined when there is no such sale. */
export async function saleInvoicePdf(db: DbOrTx, invoiceId: number): Promise<{ pdf: Buffer; filename: string; sale: Sale } | undefined> {
  const sale = await readSale(db, invoiceId);
  if (!sale) return undefined;
  const shop = await shopDetails(db);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Invoice ${sale.singleSaleInvoice.number}`, Author: shop.companyName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc, sale, shop);
  doc.end();
  return { pdf: await done, filename: `invoice-${sale.singleSaleInvoice.number}.pdf`, sale };
}
