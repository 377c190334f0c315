import { expect, test } from './fixtures.ts';
import { DELIVERY_PERMISSIONS, pageUrlOf } from '@armature/domain';
// The API tests' reader of generated PDFs: page sizes and the QR codes of its images, decoded with jsQR.
import { readPdf } from '../../apps/api/test/bundle-pdf.ts';
import { DEMO, enterAs } from './support.ts';
import { adminApi, produceBundles } from './production-flow.ts';

const DELIVERY_URL = pageUrlOf(DELIVERY_PERMISSIONS.read);
const PHONE = { width: 390, height: 844 };

test('a bundle tag: its PDF and QR code, the public scan page on a phone, and its delivery', async ({
  page,
  browser,
  baseURL,
}) => {
  await enterAs(page, DEMO.admin, { product: DEMO.products.line1 });
  await expect(page.getByTestId('product-switch')).toContainText(DEMO.products.line1);
  const api = await adminApi(page.request);
  const { bundles } = await produceBundles(api);
  const bundle = bundles[0]!;

  // The task's tag PDF: a 100 × 150 mm label per bundle, each QR code holding its scan page.
  const tags = await api.raw(`/task/${bundle.taskId}/tags?layout=label`);
  expect(tags.ok()).toBe(true);
  const pdf = readPdf(await tags.body());
  expect(pdf.header).toBe('%PDF-');
  const ofTask = bundles.filter((each) => each.taskId === bundle.taskId);
  expect(pdf.pages).toHaveLength(ofTask.length);
  expect(pdf.pages.map((size) => [Math.round(size.width), Math.round(size.height)])).toContainEqual([283, 425]);
  const scanUrl = `${baseURL}/scan/${bundle.scanId}`;
  expect(pdf.qrCodes).toContain(scanUrl);

  // The QR code's address on a phone that never signed in: the bundle, produced.
  const phone = await browser.newContext({ viewport: PHONE });
  const scan = await phone.newPage();
  await scan.goto(pdf.qrCodes.find((url) => url === scanUrl)!);
  await expect(scan.getByTestId('scan-mark')).toHaveText('T1');
  await expect(scan.getByTestId('scan-spec')).toHaveText(bundle.spec);
  await expect(scan.getByTestId('scan-status')).toHaveText('在厂');
  // The language picker of the pages outside the sign-in; the phone remembers the choice.
  await scan.getByTestId('language-option-en-US').click();
  await expect(scan.getByTestId('scan-status')).toHaveText('In the plant');
  await expect(scan.getByTestId('scan-shape')).toBeVisible();
  // Cut from raw bars of a known heat: the page names it, as the tag does.
  await expect(scan.getByTestId('scan-heats')).not.toHaveText('heat unknown');
  await expect(scan.getByText(`${bundle.number}/${bundle.count}`)).toBeVisible();
  const overflow = await scan.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // An address no tag has: the not-found page, in the language chosen.
  await scan.goto('/scan/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(scan.getByTestId('scan-not-found')).toContainText('Unknown tag');

  // The delivery, on a phone too: the scan box takes a hand scanner's typed address and Enter.
  await page.setViewportSize(PHONE);
  await page.goto(`${DELIVERY_URL}/add`);
  await expect(page.getByTestId('delivery-bundles')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await page.getByTestId('field-site').fill('滨江一号地块');
  await page.getByTestId('field-vehicle').fill('沪A·12345');
  await page.getByTestId('delivery-scan').fill(scanUrl);
  await page.getByTestId('delivery-scan').press('Enter');
  await expect(page.getByTestId(`picked-${bundle.scanId}`)).toBeVisible();
  await expect(page.getByTestId('delivery-picked-total')).toContainText('1');
  await page.getByTestId('form-submit').click();
  await expect(page).toHaveURL(/\/delivery\/detail\//);
  await expect(page.getByTestId('detail-code')).toHaveText(/^DN\d{8}-\d{4}$/);
  await expect(page.getByTestId('delivery-note-bundles')).toContainText('T1');
  const noteId = page.url().split('/').pop()!;
  const notePdf = await api.raw(`/delivery/${noteId}/pdf`);
  expect(readPdf(await notePdf.body()).header).toBe('%PDF-');

  // The same tag scanned again: delivered.
  await scan.goto(scanUrl);
  await expect(scan.getByTestId('scan-status')).toHaveText('Delivered');
  await phone.close();
});
