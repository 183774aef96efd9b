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

test("create, edit, hide and activate a colour, with the spec's notices", async () => {
  const { page } = browser;
  await loginAs(page, product.url);
  await openScreen(page, 'Colours');
  await page.waitForURL(/\/admin\/colour/);
  await page.getByRole('cell', { name: 'Black', exact: true }).waitFor();
  await screenshot(page, 'colour-list');

  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Name is required').waitFor();

  await dialog.getByLabel('Name').fill('Teal');
  await dialog.getByLabel('Colour').fill('#008080');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(messages.colorAdded).waitFor();
  const row = page.getByRole('row', { name: /Teal/ });
  await row.waitFor();
  expect(await row.textContent()).toContain('#008080');

  await row.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Name').fill('Black');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Name already exists').waitFor();
  await dialog.getByLabel('Name').fill('Deep teal');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(messages.colorUpdated).waitFor();
  const edited = page.getByRole('row', { name: /Deep teal/ });
  await edited.waitFor();

  await edited.getByRole('switch').click();
  await page.getByText(messages.colorStatus).first().waitFor();
  await edited.waitFor({ state: 'detached' });
  await page.getByText('Hidden', { exact: true }).click();
  const hidden = page.getByRole('row', { name: /Deep teal/ });
  await hidden.getByRole('switch').click();
  await page.getByText('Active', { exact: true }).click();
  await page.getByRole('row', { name: /Deep teal/ }).waitFor();
});
