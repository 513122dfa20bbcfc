import type { Page } from 'playwright-core';
import type { InPage } from './page.js';

/**
 * Opens a seat link and sits down at its name prompt: with `name` typed over the
 * prefilled one, or, without, with the name the prompt offers (this browser's last, or the seat's).
 */
export async function takeSeatByLink(page: Page, link: string, name?: string): Promise<void> {
  await page.goto(link);
  const input = page.getByTestId('join-name');
  await input.waitFor({ timeout: 15_000 });
  if (name !== undefined) await input.fill(name);
  // The seat's own name comes from the server after the prompt shows: submitted before it, the
  // prompt would ask for a name instead of sitting down.
  else
    await page.waitForFunction(
      () => {
        const el = (globalThis as unknown as InPage).document.querySelector('[data-testid="join-name"]') as { value?: string } | null;
        return (el?.value ?? '').trim() !== '';
      },
      undefined,
      { timeout: 15_000 },
    );
  await page.getByTestId('join-submit').click();
}
