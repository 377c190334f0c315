import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Applies the re-plan proposal the dialog shows. A quarter hour passing between the preview and the
 * apply makes the server answer 409 `replan_stale`: the dialog then says so and shows the fresh
 * proposal, which is applied in turn (as a shift lead would, having read it).
 */
export async function applyProposal(page: Page): Promise<void> {
  const dialog = page.getByTestId('replan-dialog');
  await expect(dialog.getByTestId('replan-proposal')).toBeVisible({ timeout: 90_000 });
  await page.getByTestId('replan-apply').click();
  await expect
    .poll(
      async () => {
        if (!(await dialog.isVisible())) return 'applied';
        if (await dialog.getByTestId('replan-stale').isVisible()) {
          await expect(dialog.getByTestId('replan-proposal')).toBeVisible();
          await page.getByTestId('replan-apply').click();
        }
        return 'open';
      },
      { timeout: 90_000 },
    )
    .toBe('applied');
}
