import type { Locator, Page } from 'playwright-core';

/** The admin menu, once the role's permissions have drawn it. */
export async function adminNav(page: Page) {
  const nav = page.getByTestId('admin-nav');
  await nav.waitFor();
  return nav;
}

/**
 * Opens one collapsed group of the admin menu; false when none is collapsed. A busy page draws a click's
 * result late (a second click on the same title would close it again) and may draw the menu anew after
 * landing, so it clicks one closed group by its title and waits to see that group open.
 */
async function openOneGroup(nav: Locator): Promise<boolean> {
  const closed = nav.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  if ((await closed.count()) === 0) return false;
  const title =
    (await closed
      .first()
      .textContent({ timeout: 5_000 })
      .catch(() => null)) ?? '';
  const group = nav.locator('.ant-menu-submenu > .ant-menu-submenu-title', { hasText: title }).first();
  const opened = nav.locator('.ant-menu-submenu-open > .ant-menu-submenu-title', { hasText: title }).first();
  if (title && (await opened.count()) === 0) await group.click({ timeout: 5_000 }).catch(() => undefined);
  await opened.waitFor({ timeout: 5_000 }).catch(() => undefined);
  return true;
}

/** Opens every collapsed group of the admin menu, so that all its links show. */
export async function openMenuGroups(page: Page) {
  const nav = await adminNav(page);
  for (let tries = 0; tries < 30; tries++) if (!(await openOneGroup(nav))) return nav;
  throw new Error('the admin menu groups did not all open');
}

/**
 * Goes to an admin screen by its menu link, as a person would: the groups are opened one at a time, from
 * the top, until the link shows (opening them all first cost a click per group on every screen change).
 */
export async function openScreen(page: Page, label: string) {
  const nav = await adminNav(page);
  const link = nav.getByRole('link', { name: label, exact: true });
  for (let tries = 0; tries < 30; tries++) {
    if (await link.isVisible()) break;
    if (!(await openOneGroup(nav))) break;
  }
  await link.click();
}
