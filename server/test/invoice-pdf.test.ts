import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { namedCustomer, paymentMethods, referenceProduct, rows } from './sale-fixtures.ts';

/** A sale invoice as a PDF made on the server: mailed through the outbox, or downloaded. */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  ({ cash } = await paymentMethods(t, owner));
});

// pdf.js reads the PDF's standard fonts (Helvetica) from its own folder
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of every page of a PDF, as pdf.js reads it back. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: bytes, standardFontDataUrl, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n');
}

/**
 * The reference sale: 3 at 12.00, line discount 1.00, 10 % VAT → net 3 × 12 − 1 = 35.00, VAT 3.50,
 * total 38.50; 20.00 paid in cash, so 18.50 is due.
 */
async function referenceSale() {
  const p = await referenceProduct(t);
  const answer = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: {
      customerId: await namedCustomer(t, owner),
      saleInvoiceProduct: [{ productId: p.id, productQuantity: 3, productDiscount: 1 }],
      paidAmount: [{ paymentType: cash, amount: 20 }],
    },
  });
  expect(answer.status).toBe(201);
  return {
    id: answer.body.createdInvoice.id as number,
    number: answer.body.createdInvoice.number as number,
    productName: p.name as string,
  };
}

const emailInvoice = (body: unknown, token = owner) => t.call('POST', '/v1/email-invoice', { token, body, query: { type: 'saleinvoice' } });

describe('invoice PDF by mail', () => {
  test('the mail is in the outbox with the invoice attached; the PDF shows the number, lines and total', async () => {
    const sale = await referenceSale();
    const answer = await emailInvoice({ id: sale.id, receiverEmail: 'Buyer@Example.com', cc: 'boss@example.com, books@example.com' });
    expect(answer.status).toBe(200);
    const [mail] = await rows(t, sql`select kind, "to", cc, bcc, subject, attachments from outbox where id = ${answer.body.outboxId}`);
    expect(mail).toMatchObject({ kind: 'invoice', to: ['buyer@example.com'], cc: ['boss@example.com', 'books@example.com'], bcc: [] });
    expect(mail.subject).toContain(`Invoice #${sale.number}`);
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment).toMatchObject({ filename: `invoice-${sale.number}.pdf`, contentType: 'application/pdf' });
    const bytes = Buffer.from(attachment.base64, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(new Uint8Array(bytes));
    expect(text).toContain(`Invoice #${sale.number}`);
    expect(text).toContain(sale.productName);
    expect(text).toMatch(/Total\s+38\.50/);
    expect(text).toMatch(/Due\s+18\.50/);
    expect(text).toContain('Paid by');
  });

  test("the PDF is an invoice a shop may hand out: the shop's name, address and VAT number, the customer's name and address, each line's VAT rate, and totals that add up", async () => {
    const settings = await t.call('POST', '/v1/setting', {
      token: owner,
      body: { companyName: 'Corner Shop', address: '1 High Street, Leeds', vatNumber: 'GB123456789' },
    });
    expect(settings.status).toBe(200);
    const buyer = await t.call('POST', '/v1/customer', {
      token: owner,
      body: { username: `ann${Date.now()}`, firstName: 'Ann', lastName: 'Lee', address: '9 Mill Lane, York' },
    });
    expect(buyer.status).toBe(201);
    const p = await referenceProduct(t);
    const made = await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: {
        customerId: buyer.body.id,
        saleInvoiceProduct: [{ productId: p.id, productQuantity: 3, productDiscount: 1 }],
        paidAmount: [{ paymentType: cash, amount: 20 }],
      },
    });
    expect(made.status).toBe(201);
    const id = made.body.createdInvoice.id as number;
    // the answer's bill: 3 × 12.00 + 10 % = 39.60 at full price; 1.00 off + its VAT = 1.10; 38.50 paid for, of which VAT 3.50
    const detail = await t.call('GET', `/v1/sale-invoice/${id}`, { token: owner });
    expect(detail.body.bill).toEqual({ goods: 39.6, discount: 1.1, coupon: 0, deliveryFee: 0, total: 38.5, vatIncluded: 3.5 });
    expect(detail.body.billTo).toEqual({ name: 'Ann Lee', address: '9 Mill Lane, York' });

    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/sale-invoice/${id}/pdf`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(response.statusCode).toBe(200);
    const text = await pdfText(new Uint8Array(response.rawPayload));
    for (const shown of ['Corner Shop', '1 High Street, Leeds', 'VAT number GB123456789', 'Customer Ann Lee', '9 Mill Lane, York'])
      expect(text).toContain(shown);
    expect(text).not.toContain(`Customer ${buyer.body.username}`);
    expect(text).toMatch(/VAT rate/);
    expect(text).toMatch(/3\s+12\.00\s+1\.00\s+10%\s+3\.50\s+35\.00/);
    expect(text).toMatch(/Goods \(with VAT\)\s+39\.60\s+Discount\s+-1\.10\s+Total\s+38\.50\s+VAT included\s+3\.50/);
  });

  test('the same PDF downloads from the sale, under the invoice number (not the id a refused sale used up)', async () => {
    const refused = await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: { saleInvoiceProduct: [{ productId: (await referenceProduct(t, 1)).id, productQuantity: 2 }] },
    });
    expect(refused.status).toBe(409);
    const sale = await referenceSale();
    expect(sale.number).not.toBe(sale.id);
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/sale-invoice/${sale.id}/pdf`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`invoice-${sale.number}.pdf`);
    const text = await pdfText(new Uint8Array(response.rawPayload));
    expect(text).toContain(`Invoice #${sale.number}`);
    expect(text).toMatch(/Total\s+38\.50/);
  });

  test('an unknown sale is 404, a bad body 400, and without the permission 403; none leaves a mail', async () => {
    const sale = await referenceSale();
    const before = await rows(t, sql`select count(*)::int as n from outbox`);
    const unknown = await emailInvoice({ id: 999_999, receiverEmail: 'buyer@example.com' });
    expect(unknown.status).toBe(404);
    const badAddress = await emailInvoice({ id: sale.id, receiverEmail: 'not an address' });
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.fields).toHaveProperty('receiverEmail');
    const badType = await t.call('POST', '/v1/email-invoice', {
      token: owner,
      body: { id: sale.id, receiverEmail: 'a@example.com' },
      query: { type: 'quote' },
    });
    expect(badType.status).toBe(400);

    const reader = await t.staffWith(['readSingle-saleInvoice']);
    expect((await emailInvoice({ id: sale.id, receiverEmail: 'buyer@example.com' }, reader.token)).status).toBe(403);
    const mailer = await t.staffWith(['create-email']);
    const pdf = await t.call('GET', `/v1/sale-invoice/${sale.id}/pdf`, { token: mailer.token });
    expect(pdf.status).toBe(403);
    expect((await t.call('GET', '/v1/sale-invoice/999999/pdf', { token: owner })).status).toBe(404);
    expect(await rows(t, sql`select count(*)::int as n from outbox`)).toEqual(before);
  });
});
