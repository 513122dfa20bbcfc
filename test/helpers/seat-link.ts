import type { Page } from 'playwright-core';

/**
 * Opens a seat link and sits down at its name prompt: with `name` typed over the
 * prefilled one, or, without, with the name the prompt offers (this browser's last, or the seat's).
 */
export async function takeSeatByLink(page: Page, link: string, name?: string): Promise<void> {
  await page.goto(link);
  const input = page.getByTestId('join-name');
  await input.waitFor({ timeout: 15_000 });
  if (name !== undefined) await input.fill(name);
  await page.getByTestId('join-submit').click();
}
