import { loginAs, openBrowser, startProduct } from './harness.ts';

const product = await startProduct();
const call = async (method: string, path: string, token?: string, body?: unknown) => {
  const r = await fetch(`${product.url}/v1/${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await r.json()) as any;
  if (r.status >= 300) throw new Error(`${path} ${r.status} ${JSON.stringify(json)}`);
  return json;
};
const owner = (await call('POST', 'user/login', undefined, { username: 'owner', password: 'browser-owner-1' })).token;
const products = (await call('GET', 'product?count=5', owner)).getAllProduct;
const cash = (await call('GET', 'payment-method?query=all', owner)).getAllPaymentMethod[0].id;
const buyer = (await call('POST', 'customer', owner, { username: 'Alice Shopper' })).id;
const supplier = (await call('POST', 'supplier', owner, { name: 'Mugs Wholesale', phone: '+44 20 1234 5678' })).id;
await call('POST', 'purchase-invoice', owner, { supplierId: supplier, paidAmount: [{ amount: 10 }], purchaseInvoiceProduct: [{ productId: products[0].id, productQuantity: 10, productUnitPurchasePrice: 5, tax: 10 }] });
await call('POST', 'purchase-invoice', owner, { supplierId: supplier, paidAmount: [], purchaseInvoiceProduct: [{ productId: products[1].id, productQuantity: 5, productUnitPurchasePrice: 3, tax: 0 }] });
for (const paid of [0, 5, 10000]) {
  await call('POST', 'sale-invoice', owner, { customerId: buyer, invoiceMemoNo: 'M-1', address: '12 High Street', saleInvoiceProduct: [{ productId: products[0].id, productQuantity: 1 }], paidAmount: paid ? [{ paymentType: cash, amount: paid }] : [] });
}
const undone = await call('POST', 'sale-invoice', owner, { saleInvoiceProduct: [{ productId: products[0].id, productQuantity: 1 }], paidAmount: [{ paymentType: cash, amount: 10000 }] });
await call('PATCH', `sale-invoice/${undone.createdInvoice.id}`, owner, { status: 'false' });
const browser = await openBrowser();
const { page } = browser;
await loginAs(page, product.url);
for (const width of [1366, 390]) {
  await page.setViewportSize({ width, height: 900 });
  for (const [name, path] of [
    ['sales', '/admin/sale-invoice'],
    ['purchases', '/admin/purchase-invoice'],
    ['undone-sales', '/admin/sale-invoice?status=true,false'],
  ] as const) {
    await page.goto(`${product.url}${path}`);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/sf-shots/${name}-${width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(name, width, 'scrollWidth', overflow);
  }
  const first = page.locator('a[href^="/admin/sale-invoice/"]').first();
  await page.goto(`${product.url}/admin/sale-invoice`);
  await page.waitForTimeout(2000);
  if (await first.count()) {
    await first.click();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/sf-shots/sale-detail-${width}.png`, fullPage: true });
    console.log('sale detail', width, await page.evaluate(() => document.documentElement.scrollWidth));
  }
}
await browser.close();
await product.close();
