import type { Page } from 'playwright-core';

/** The admin menu, once the role's permissions have drawn it. */
export async function adminNav(page: Page) {
  const nav = page.getByTestId('admin-nav');
  await nav.waitFor();
  return nav;
}

/** Opens every collapsed group of the admin menu, so that all its links show. */
export async function openMenuGroups(page: Page) {
  const nav = await adminNav(page);
  const closed = nav.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  while ((await closed.count()) > 0) await closed.first().click();
  return nav;
}

/** Goes to an admin screen by its menu link (opening its group when it is collapsed), as a person would. */
export async function openScreen(page: Page, label: string) {
  const nav = await openMenuGroups(page);
  await nav.getByRole('link', { name: label, exact: true }).click();
}
