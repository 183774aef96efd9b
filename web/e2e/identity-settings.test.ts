import { deflateSync } from 'node:zlib';
import { messages } from '@tillbook/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openScreen } from './admin-nav.ts';
import { type Browser, loginAs, openBrowser, type Product, screenshot, startProduct } from './harness.ts';

let product: Product;
let browser: Browser;
beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A valid width × height PNG of one colour (8-bit RGB, no filter). */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const line = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => line)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const newName = 'Harbour Hardware';

test('the owner renames the shop and uploads a logo; the login page and the header show them', async () => {
  const { page } = browser;
  await loginAs(page, product.url);
  await openScreen(page, 'Settings');
  await page.waitForURL(/\/admin\/setting/);
  const companyName = page.getByLabel('Company name');
  await page.waitForFunction(
    () => (document.querySelector('#resource_companyName') as HTMLInputElement | null)?.value === 'Corner Shop (demo)',
  );

  // the contract's rules, checked before sending
  await page.getByLabel('Website').fill('not a web address');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Website must be a web address like https://example.com').waitFor();
  await page.getByLabel('Website').fill('www.harbour-hardware.example');

  // the server looks at the file's bytes: a text file named .png is refused, under the upload
  const fileInput = page.locator('input[type=file]');
  await fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Logo must be a PNG, JPEG, GIF or WebP image').waitFor();

  await fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(48, 24, [47, 111, 79]) });
  await page.getByText('logo.png is uploaded when you save.').waitFor();
  await companyName.fill(newName);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(messages.updated).waitFor();
  await page.getByText(newName, { exact: true }).first().waitFor();
  await screenshot(page, 'settings');

  // a fresh load reads the saved values back
  await page.reload();
  await page.waitForFunction(
    (name) => (document.querySelector('#resource_companyName') as HTMLInputElement | null)?.value === name,
    newName,
  );
  expect(await page.getByLabel('Website').inputValue()).toBe('www.harbour-hardware.example');

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${product.url}/admin/auth/login`);
  for (const fresh of [false, true]) {
    if (fresh) await page.reload();
    const logo = page.getByTestId('login-logo');
    await logo.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector('[data-testid=login-logo]') as HTMLImageElement | null;
      return !!img && img.complete && img.naturalWidth === 48;
    });
    expect(await logo.getAttribute('alt')).toBe(newName);
  }
  await screenshot(page, 'login-with-logo');

  await loginAs(page, product.url);
  await page.getByText(newName, { exact: true }).first().waitFor();
});
