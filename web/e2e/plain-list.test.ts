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

test('a person who asks for less motion gets dialogs without their opening animation', async () => {
  const { page } = browser;
  /** Opens the Add dialog on a freshly loaded colour list; answers whether any element was animating as it opened. */
  const openingAnimates = async () => {
    await page.reload();
    await page.getByRole('cell', { name: 'Black', exact: true }).waitFor();
    // every class given while the dialog opens is seen, however briefly it stays: '-start' and '-active' are the animation's steps
    await page.evaluate(() => {
      const animating = '.ant-zoom-appear-start, .ant-zoom-appear-active';
      const seen = { animated: false };
      (window as unknown as { motionSeen: typeof seen }).motionSeen = seen;
      new MutationObserver((changes) => {
        for (const change of changes) {
          const target = change.target as Element;
          // each change of class is a record holding the class it replaced, so no step is missed
          if (/ant-zoom-appear-(start|active)/.test(`${change.oldValue ?? ''} ${target.className}`)) seen.animated = true;
          for (const node of change.addedNodes)
            if (node instanceof Element && (node.matches(animating) || node.querySelector(animating))) seen.animated = true;
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeOldValue: true, attributeFilter: ['class'] });
    });
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('dialog').waitFor();
    const animating = await page.evaluate(() => (window as unknown as { motionSeen: { animated: boolean } }).motionSeen.animated);
    // a click on a dialog still opening can be lost (what reduced motion spares the tests): wait for it to settle
    await page.locator('.ant-modal:not([class*="ant-zoom"])').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    return animating;
  };
  // (with motion, the same observer sees the zoom's '-start' and '-active' steps; under a loaded CI
  // machine that side was not reliable enough to assert, so only the reduced side is)
  await page.goto(`${product.url}/admin/colour`);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await openingAnimates()).toBe(false);
  expect(await openingAnimates()).toBe(false);
});
