import type { Page } from 'playwright-core';

/** The admin menu, once the role's permissions have drawn it. */
export async function adminNav(page: Page) {
  const nav = page.getByTestId('admin-nav');
  await nav.waitFor();
  return nav;
}

/**
 * Opens every collapsed group of the admin menu, so that all its links show. A busy page draws a click's
 * result late (a second click on the same title would close it again) and may draw the menu anew after
 * landing, so each try clicks one closed group by its title and waits to see that group open.
 */
export async function openMenuGroups(page: Page) {
  const nav = await adminNav(page);
  const closed = nav.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  for (let tries = 0; tries < 30; tries++) {
    if ((await closed.count()) === 0) return nav;
    const title =
      (await closed
        .first()
        .textContent({ timeout: 5_000 })
        .catch(() => null)) ?? '';
    const group = nav.locator('.ant-menu-submenu > .ant-menu-submenu-title', { hasText: title }).first();
    const opened = nav.locator('.ant-menu-submenu-open > .ant-menu-submenu-title', { hasText: title }).first();
    if (title && (await opened.count()) === 0) await group.click({ timeout: 5_000 }).catch(() => undefined);
    await opened.waitFor({ timeout: 5_000 }).catch(() => undefined);
  }
  throw new Error('the admin menu groups did not all open');
}

/** Goes to an admin screen by its menu link (opening its group when it is collapsed), as a person would. */
export async function openScreen(page: Page, label: string) {
  const nav = await openMenuGroups(page);
  await nav.getByRole('link', { name: label, exact: true }).click();
}
