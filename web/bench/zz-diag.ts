import { loginAs, openBrowser, startProduct } from '../e2e/harness.ts';
const product = await startProduct();
const browser = await openBrowser();
const { page } = browser;
await loginAs(page, product.url);
for (let i = 0; i < 3; i++) {
  await page.goto(`${product.url}/admin/pos`, { waitUntil: 'commit' });
  const box = page.getByLabel('Find product');
  await box.fill('a');
  const at = await box.evaluate(() => performance.now());
  const entries = await page.evaluate(() => performance.getEntriesByType('resource').map((e: any) => `${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${e.transferSize} ${e.name.replace(location.origin, '')}`));
  const nav = await page.evaluate(() => { const n: any = performance.getEntriesByType('navigation')[0]; return `nav resp ${Math.round(n.responseEnd)} dcl ${Math.round(n.domContentLoadedEventEnd)}`; });
  console.log(`load ${i}: ${Math.round(at)} ms; ${nav}; ${entries.length} resources`);
  if (i === 2) console.log(entries.join('\n'));
}
await browser.close(); await product.close();
