import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { measureDarkness } from './darkness.ts';
import { settled } from './page-walk.ts';

/**
 * What the screen passes check of a screen: that it fits a phone (390 px, the shop floor's) and reads well in the
 * dark. A screenshot is taken only of a screen that fails (attached to the report), or of every screen when a
 * folder is given: `DARK_SCREENSHOTS=<folder>` for the dark checks, `MOBILE_SCREENSHOTS=<folder>` for the
 * phone's.
 */

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1366, height: 900 } as const;

async function screenshot(page: Page, testInfo: TestInfo, file: string, failed: boolean, folder: string | undefined) {
  if (!failed && !folder) return;
  const body = await page.screenshot({ fullPage: true });
  if (failed) await testInfo.attach(file, { body, contentType: 'image/png' });
  if (folder) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, file), body);
  }
}

const fileName = (prefix: string, what: string) => `${prefix}${what.replace(/[^\w-]+/g, '_')}.png`;

/**
 * Charts and diagrams measure their box after the first paint (and again after a resize), then draw: the page
 * has settled and gone two frames without a change. A screen that never stops changing (a live figure
 * redrawn every frame) is taken as it is after 120 frames, instead of waiting for ever: `page.evaluate` has no
 * timeout of its own.
 */
export async function stillFrames(page: Page) {
  await settled(page);
  await page.evaluate(
    () =>
      new Promise<void>((still) => {
        let quietFrames = 0;
        let frames = 0;
        const changes = new MutationObserver(() => (quietFrames = 0));
        changes.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        const frame = () => {
          quietFrames += 1;
          frames += 1;
          if (quietFrames < 2 && frames < 120) return void requestAnimationFrame(frame);
          changes.disconnect();
          still();
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** The screen is dark: page, cards and tables, no large light patch, no text lost in its background. */
export async function expectDark(page: Page, testInfo: TestInfo, what: string) {
  await stillFrames(page);
  const findings = await page.evaluate(measureDarkness);
  const failed = !!findings.page || [findings.cards, findings.patches, findings.unreadable].some((list) => list.length);
  await screenshot(page, testInfo, fileName('dark-', what), failed, process.env.DARK_SCREENSHOTS);
  expect.soft(findings.page, `${what}: the page is not dark`).toBe('');
  expect.soft(findings.cards, `${what}: light cards or tables`).toEqual([]);
  expect.soft(findings.patches, `${what}: large light patches`).toEqual([]);
  expect.soft(findings.unreadable, `${what}: text lost in its background`).toEqual([]);
}

/** The widest elements sticking out of the screen, to name the culprit when the page overflows. */
async function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate((limit) => {
    const culprits = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > limit + 1)
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} → ${Math.round(element.getBoundingClientRect().right)}`,
      );
    return { width: document.documentElement.scrollWidth, culprits };
  }, PHONE.width);
}

/**
 * The page has settled (no skeleton or spinner left) and the document is no wider than the phone. Soft: one
 * walk names every screen that overflows.
 */
export async function expectFits(page: Page, testInfo: TestInfo, what: string) {
  await settled(page);
  const { width, culprits } = await overflow(page);
  await screenshot(page, testInfo, fileName('phone-', what), width > PHONE.width, process.env.MOBILE_SCREENSHOTS);
  expect.soft(width, `${what} is ${width} px wide: ${culprits.join('; ')}`).toBeLessThanOrEqual(PHONE.width);
}

/** Keeps a screenshot of what the phone shows in `MOBILE_SCREENSHOTS`, when that folder is given (for review). */
export async function keepScreenshot(page: Page, what: string) {
  const folder = process.env.MOBILE_SCREENSHOTS;
  if (folder) await screenshot(page, test.info(), fileName('phone-', what), false, folder);
}
