import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminNav } from './admin-nav.ts';
import { type Browser, loginAs, openBrowser, type Product, screenshot, startProduct } from './harness.ts';
import { api, ownerToken } from './stock-api.ts';

let product: Product;
let browser: Browser;
const clerk = { username: 'menu-clerk', password: 'menu-clerk-pass-1' };

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  // a clerk whose role opens products and colours only
  const token = await ownerToken(product);
  const role = await api<{ id: number }>(product, token, 'POST', 'role', { name: 'Menu clerk' });
  const all = await api<{ getAllPermission: { id: number; name: string }[] }>(product, token, 'GET', 'permission?query=all');
  const wanted = ['readAll-product', 'readAll-color'];
  const permissionId = all.getAllPermission.filter((p) => wanted.includes(p.name)).map((p) => p.id);
  await api(product, token, 'POST', 'role-permission', { roleId: role.id, permissionId });
  await api(product, token, 'POST', 'user/register', { firstName: 'Menu', lastName: 'Clerk', ...clerk, roleId: role.id });
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

/** The menu's top level: the Dashboard, then each group's title. */
const topLevel = async (page: Browser['page']) =>
  (
    await (
      await adminNav(page)
    )
      .locator(':scope > li.ant-menu-item, :scope > li.ant-menu-submenu > .ant-menu-submenu-title')
      .allInnerTexts()
  ).map((t) => t.trim());
const visibleLinks = async (page: Browser['page']) => (await (await adminNav(page)).getByRole('link').allInnerTexts()).map((t) => t.trim());

/** The search's suggestions, and the screen names they offer (each shows its group beside it). */
const options = (page: Browser['page']) => page.locator('.ant-select-item-option');
const names = async (page: Browser['page']) => (await options(page).allInnerTexts()).map((t) => t.split('\n')[0]!.trim());

test("the menu follows a shop's day: Dashboard, then Sell, Appointments, Buy, Stock, Online shop, Books, Reports, Staff, Settings; groups with icons, the current one open", async () => {
  const { page } = browser;
  await loginAs(page, product.url);
  const groups = ['Dashboard', 'Sell', 'Appointments', 'Buy', 'Stock', 'Online shop', 'Books', 'Reports', 'Staff', 'Settings'];
  expect(await topLevel(page)).toEqual(groups);
  const nav = await adminNav(page);
  // every entry of the top level carries an icon
  expect(await nav.locator(':scope > li .anticon').count()).toBe(groups.length);
  // on the dashboard every group is collapsed
  expect(await visibleLinks(page)).toEqual(['Dashboard']);

  await page.goto(`${product.url}/admin/product`);
  await nav.getByRole('link', { name: 'Products', exact: true }).waitFor();
  const stock = await visibleLinks(page);
  // the day's stock tasks come first in their group, the catalogue's lists after them
  expect(stock.slice(0, 5)).toEqual(['Dashboard', 'Products', 'Adjust inventory', 'Reorder list', 'Discounts']);
  expect(stock).toContain('Colours');
  expect(stock).not.toContain('Users');
  await screenshot(page, 'admin-menu');
  // the till is under Sell
  await page.goto(`${product.url}/admin/pos`);
  await nav.getByRole('link', { name: 'Till', exact: true }).waitFor();
  expect(await visibleLinks(page)).toEqual(expect.arrayContaining(['Customers', 'Till']));

  // a detail page opens its group too, and a group collapses on a click
  await page.goto(`${product.url}/admin/role`);
  await nav.getByRole('link', { name: 'Users', exact: true }).waitFor();
  expect(await visibleLinks(page)).not.toContain('Products');
  await nav.getByRole('menuitem', { name: 'Staff' }).click();
  await nav.getByRole('link', { name: 'Users', exact: true }).waitFor({ state: 'hidden' });
  await nav.getByRole('menuitem', { name: 'Online shop' }).click();
  await nav.getByRole('link', { name: 'Slider images', exact: true }).click();
  await page.waitForURL(`${product.url}/admin/slider-images`);
});

test('the search box jumps to any screen: Enter takes the first match, a click takes the one chosen', async () => {
  const { page } = browser;
  await page.goto(`${product.url}/admin/dashboard`);
  const search = page.getByLabel('Find a screen');
  await search.fill('reorder');
  await options(page).filter({ hasText: 'Reorder list' }).waitFor();
  await search.press('Enter');
  await page.waitForURL(`${product.url}/admin/reorder`);
  // the screen's group opens with it, and the box is empty again
  await (await adminNav(page)).getByRole('link', { name: 'Reorder list', exact: true }).waitFor();
  expect(await search.inputValue()).toBe('');

  // filtering by part of a name, then a click on one of the matches
  await search.fill('categor');
  await options(page).filter({ hasText: 'Sub-categories' }).waitFor();
  expect(await names(page)).toEqual(['Categories', 'Sub-categories']);
  await options(page).filter({ hasText: 'Sub-categories' }).click();
  await page.waitForURL(`${product.url}/admin/sub-category`);

  await search.fill('no such screen');
  await page.getByText('No screen by that name').waitFor();
});

test('a clerk sees in the menu and in the search only the screens their role opens', async () => {
  const { page } = browser;
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${product.url}/admin/auth/login`);
  await loginAs(page, product.url, clerk.username, clerk.password);
  // the clerk may not read the dashboard: no Dashboard, and the admin area opens on the first screen they may open
  await page.waitForURL(`${product.url}/admin/product`);
  expect(await topLevel(page)).toEqual(['Stock']);
  // landing on Products, the Stock group is open already
  await (await adminNav(page)).getByRole('link', { name: 'Colours', exact: true }).waitFor();
  expect(await visibleLinks(page)).toEqual(['Products', 'Colours']);

  const search = page.getByLabel('Find a screen');
  await search.fill('s');
  await options(page).first().waitFor();
  expect(await names(page)).toEqual(['Products', 'Colours']);
  await search.fill('users');
  await page.getByText('No screen by that name').waitFor();
});
