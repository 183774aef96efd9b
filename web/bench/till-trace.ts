import { loginAs, openBrowser, startProduct } from '../e2e/harness.ts';

// npx tsx bench/till-trace.ts: one warm load of the till, with what the page fetched and when (ms from navigation)
const product = await startProduct();
const browser = await openBrowser();
try {
  const { page } = browser;
  await loginAs(page, product.url);
  const times: number[] = [];
  for (let i = 0; i < 8; i++) {
    await page.goto(`${product.url}/admin/pos`, { waitUntil: 'commit' });
    const box = page.getByLabel('Find product');
    await box.fill('a', { timeout: 30_000 });
    const at = await box.evaluate(() => performance.now());
    await box.fill('');
    times.push(Math.round(at));
    if (i < 7) continue;
    console.log(`loads: ${times.join(', ')} ms`);
    const entries = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const rows = [
        `document: response ${Math.round(nav.responseEnd)} domInteractive ${Math.round(nav.domInteractive)} dcl ${Math.round(nav.domContentLoadedEventEnd)}`,
      ];
      for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        rows.push(
          `${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${e.transferSize}B ${e.initiatorType} ${e.name.replace(/^https?:\/\/[^/]+/, '')}`,
        );
      for (const e of performance.getEntriesByType('paint')) rows.push(`${e.name} ${Math.round(e.startTime)}`);
      return rows;
    });
    console.log(`load ${i}: ${Math.round(at)} ms\n${entries.join('\n')}`);
  }
} finally {
  await browser.close();
  await product.close();
}
