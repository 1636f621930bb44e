import type { Page } from 'playwright-core';

/** Signs in through the login page and waits for the drawer. */
export async function signIn(page: Page, base: string, who: { email: string; password: string }) {
  await page.goto(`${base}/login`);
  await page.getByTestId('login-email').fill(who.email);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('drawer').waitFor();
}

export async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.waitForURL(/\/login$/);
}

/** Picks the option with exactly this text of an antd Select opened from the element with this test id. */
export async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  const exact = new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await page.locator('.ant-select-item-option', { hasText: exact }).first().click();
  await page.keyboard.press('Escape');
}
