import { expect, type Page } from '@playwright/test';
import { readPdf } from '../../apps/api/test/bundle-pdf.ts';

/**
 * Runs `open` (the click that makes the app show a PDF in a tab of its own), keeps the bytes the browser received
 * for `apiGlob` on their way (the tab's viewer does not give them back), checks that the app sent the new tab to the
 * PDF's `blob:` address, and answers the PDF read. A browser with a PDF viewer shows it in that tab; the headless
 * shell the suite runs in has none and takes it as a download from that tab: either is the app doing its part.
 */
export async function pdfOpenedInTab(page: Page, apiGlob: string, open: () => Promise<void>) {
  let received: Buffer | undefined;
  await page.route(apiGlob, async (route) => {
    const response = await route.fetch();
    received = await response.body();
    await route.fulfill({ response });
  });
  const popup = page.waitForEvent('popup');
  await open();
  const tab = await popup;
  // Attached before the PDF can arrive: the tab goes to its address only once the response routed above is fulfilled.
  let downloaded = '';
  tab.on('download', (download) => (downloaded = download.url()));
  await expect
    .poll(() => (tab.url().startsWith('blob:') ? tab.url() : downloaded), { message: 'the PDF tab’s address' })
    .toMatch(/^blob:/);
  await tab.close();
  await page.unrouteAll();
  const pdf = readPdf(received!);
  expect(pdf.header).toBe('%PDF-');
  return pdf;
}
