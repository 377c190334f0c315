import type { Page } from '@playwright/test';
import type { Equipment } from '@armature/domain';
import { expect } from './fixtures.ts';
import type { Api } from './production-flow.ts';
import { PHONE } from './screen-checks.ts';

/** The first demo line's shear line and a stirrup bender, both cutting Φ12: the models of the re-plan specs' machines. */
export const REPLAN_MODELS = ['GJW16-2403-0117', 'WG12D-2405-0342'] as const;

/** A copy of a demo machine on the line (its techniques, diameters, speeds and calendar) under `serialNumber`. */
export async function copyOf(api: Api, model: string, serialNumber: string): Promise<Equipment> {
  const found = await api.get<{ items: Equipment[] }>(`/equipment?filter=${model}`);
  const listed = found.items.find((item) => item.serialNumber === model);
  expect(listed, `the demo machine ${model}`).toBeDefined();
  const { id: _id, ...fields } = await api.get<Equipment>(`/equipment/${listed!.id}`);
  return api.post<Equipment>('/equipment', { ...fields, serialNumber, name: `${fields.name} ${serialNumber}` });
}

/** Nothing on the page is wider than the phone. */
export const fitsThePhone = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

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
