import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  DELIVERY_PERMISSIONS,
  DEMAND_ORDER_PERMISSIONS,
  LOAD_SCAN_REASON_LABELS,
  pageUrlOf,
  type SavedLoadPlan,
} from '@armature/domain';
import { DEMO, enterAs, pickOption } from './support.ts';
import { adminApi, produceBundles, releasedOrder } from './production-flow.ts';

const DELIVERY_URL = pageUrlOf(DELIVERY_PERMISSIONS.read);
const ORDER_URL = pageUrlOf(DEMAND_ORDER_PERMISSIONS.read);
const PHONE = { width: 390, height: 844 };
/** A 1 × 1 PNG: the photo the phone's camera gives, smallest. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Signed in as the admin on the first line: an order whose bundles are made, and a delivery day of its
 * own in `year` (another test's order never shares it).
 */
async function orderWithBundles(page: Page, year: number) {
  await enterAs(page, DEMO.admin, { product: DEMO.products.line1 });
  const api = await adminApi(page.request);
  const { bundles, order } = await produceBundles(api);
  const day = `${year}-0${1 + (Date.now() % 9)}-1${Date.now() % 10}`;
  return { api, bundles, order, day };
}

test('a day’s loads on a phone: planned, loaded by scan with a wrong tag and another truck’s bundle refused, signed for, shown on the site’s link', async ({
  page,
  browser,
}) => {
  const { api, bundles, order, day } = await orderWithBundles(page, 2032);
  // The order's one drop, carrying every mark.
  await api.put(`/demandOrder/${order.id}/drops`, {
    drops: [{ site: '滨江一号地块', date: day, windowStart: '07:00', windowEnd: '09:00' }],
  });
  const code = `E${Date.now() % 100000}`;
  await api.post('/vehicle', { code, name: `${code} flatbed`, plate: `沪A·${code}` });

  await page.setViewportSize(PHONE);
  await page.goto(`${DELIVERY_URL}/children/loads?date=${day}`);
  await pickOption(page, 'loads-vehicle', `${code} flatbed`);
  await page.getByTestId('loads-plan').click();
  await expect(page.getByTestId('loads-summary')).toBeVisible();
  await expect(page.getByTestId('truck-1')).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  const planId = new URL(page.url()).searchParams.get('plan')!;
  const plan = await api.get<SavedLoadPlan>(`/loadPlan/${planId}`);
  const onTruck = plan.trucks[0]!.bays.flat();
  expect(onTruck.map((bundle) => bundle.id).sort()).toEqual(bundles.map((bundle) => bundle.id).sort());

  // The planner puts one bundle on a second truck.
  const [elsewhere] = onTruck;
  await api.post(`/loadPlan/${planId}/move`, { bundleId: elsewhere!.id, truck: 2 });

  await page.getByTestId('load-truck-1').click();
  const scanBox = page.getByTestId('truck-scan');
  await expect(scanBox).toBeVisible();
  // A tag of no bundle of this line: refused, with the reason.
  await scanBox.fill('B-ZZZZ-ZZ');
  await scanBox.press('Enter');
  await expect(page.getByTestId('truck-scan-refused')).toContainText(LOAD_SCAN_REASON_LABELS.unknown['zh-CN']);
  // A real bundle, planned on the other truck: refused, naming that truck.
  await scanBox.fill(elsewhere!.code);
  await scanBox.press('Enter');
  await expect(page.getByTestId('truck-scan-refused')).toContainText(
    LOAD_SCAN_REASON_LABELS.otherTruck['zh-CN'].replace('{other}', '2'),
  );
  await expect(page.getByTestId('truck-complete')).toBeDisabled();
  // Moved back, it goes on with the others.
  await api.post(`/loadPlan/${planId}/move`, { bundleId: elsewhere!.id, truck: 1 });
  for (const bundle of onTruck) {
    await scanBox.fill(bundle.code);
    await scanBox.press('Enter');
    await expect(page.getByTestId('truck-scan-ok')).toContainText(bundle.code);
  }
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.getByTestId('truck-complete').click();
  await expect(page).toHaveURL(/\/delivery\/detail\/[0-9a-f-]+$/);
  const noteId = page.url().split('/').pop()!;

  // At the site: the receiver's name, a signature drawn on the screen, a photo.
  await page.getByTestId('delivery-proof').click();
  await page.getByTestId('proof-name').fill('王伟');
  const pad = page.getByTestId('signature-pad');
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 20, { steps: 5 });
  await page.mouse.move(box.x + box.width - 20, box.y + box.height - 20, { steps: 5 });
  await page.mouse.up();
  await page.getByTestId('proof-photo').setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(page.getByTestId('proof-photo-preview')).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.getByTestId('proof-save').click();
  await expect(page.getByTestId('delivery-proof-shown')).toContainText('王伟');

  // The site contact's link, opened signed out.
  const { shareToken } = await api.post<{ shareToken: string }>(`/demandOrder/${order.id}/drops/1/share`, {
    share: true,
  });
  const outsider = await browser.newContext({ viewport: PHONE });
  const answer = await outsider.request.get(`/api/drop/${shareToken}`);
  expect(answer.status()).toBe(200);
  const view = (await answer.json()) as { site: string; bundles: { delivered: { receivedBy: string } | null }[] };
  expect(view.site).toBe('滨江一号地块');
  expect(view.bundles.every((bundle) => bundle.delivered?.receivedBy === '王伟')).toBe(true);
  // The page the link opens, on the contact's phone: every bundle signed for, by whom.
  const sitePage = await outsider.newPage();
  await sitePage.goto(`/drop/${shareToken}`);
  await expect(sitePage.getByTestId('drop-site')).toHaveText('滨江一号地块');
  for (const bundle of onTruck) await expect(sitePage.getByTestId(`drop-detail-${bundle.code}`)).toContainText('王伟');
  expect(await overflow(sitePage)).toBeLessThanOrEqual(0);
  const proof = await api.get<{ signature: string; photo: string }>(`/delivery/${noteId}/proof`);
  expect(proof.signature).toMatch(/^data:image\/png;base64,/);
  expect(proof.photo).toMatch(/^data:image\/jpeg;base64,/);
  await outsider.close();
});

test('an order’s drops on a phone: edited on the order, its link shared, opened signed out, then revoked', async ({
  page,
  browser,
}) => {
  const { bundles, order, day } = await orderWithBundles(page, 2033);

  await page.setViewportSize(PHONE);
  await page.goto(`${ORDER_URL}/detail/${order.id}`);
  await page.getByTestId('drops-edit').click();
  await page.getByTestId('drop-site-1').fill('北岸二号楼');
  await page.getByTestId('drop-date-1').fill(day);
  await page.getByTestId('drop-contact-1').fill('李工 138 0000 0000');
  // A window that ends before it starts: the server's refusal lands on the field.
  await page.getByTestId('drop-from-1').fill('08:00');
  await page.getByTestId('drop-to-1').fill('07:00');
  await page.getByTestId('drops-save').click();
  await expect(page.getByTestId('drops-form').locator('.ant-form-item-explain-error')).toBeVisible();
  await page.getByTestId('drop-to-1').fill('10:00');
  await page.getByTestId('drops-save').click();
  await expect(page.getByTestId('drop-row-1')).toContainText('北岸二号楼');
  await expect(page.getByTestId('drop-row-1')).toContainText(`${day} 08:00–10:00`);
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  await page.getByTestId('drop-share-1').click();
  const link = page.getByTestId('drop-link-1');
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/\/drop\/[A-Za-z0-9_-]{43}$/);

  // The site contact, signed out, on a phone: the drop and its bundles, still in the plant.
  const outsider = await browser.newContext({ viewport: PHONE });
  const site = await outsider.newPage();
  await site.goto(href);
  await expect(site.getByTestId('drop-site')).toHaveText('北岸二号楼');
  await expect(site.getByTestId('drop-when')).toHaveText(`${day} 08:00–10:00`);
  for (const bundle of bundles) await expect(site.getByTestId(`drop-bundle-${bundle.code}`)).toBeVisible();
  expect(await overflow(site)).toBeLessThanOrEqual(0);

  await page.getByTestId('drop-revoke-1').click();
  await page.locator('.armature-confirm .ant-btn-primary').click();
  await expect(page.getByTestId('drop-link-1')).toHaveCount(0);
  await site.reload();
  await expect(site.getByTestId('drop-not-found')).toBeVisible();
  await outsider.close();
});

test('a planned bundle whose task is cancelled: named on the plan with the reason, and removed from it', async ({
  page,
}) => {
  await enterAs(page, DEMO.admin, { product: DEMO.products.line1 });
  const api = await adminApi(page.request);
  // Released, not started: its bundles are still to be made, before a day of its own in 2034.
  const { order, cuts } = await releasedOrder(api);
  const day = `2034-0${1 + (Date.now() % 9)}-1${Date.now() % 10}`;
  await api.put(`/demandOrder/${order.id}/drops`, { drops: [{ site: '南岸三号楼', date: day }] });
  const code = `N${Date.now() % 100000}`;
  const vehicle = await api.post<{ id: string }>('/vehicle', { code, name: `${code} flatbed`, plate: `沪A·${code}` });
  const plan = await api.post<SavedLoadPlan>('/loadPlan', { date: day, vehicleId: vehicle.id });
  const planned = plan.trucks.flatMap((truck) => truck.bays.flat());
  expect(planned.length).toBeGreaterThan(0);
  expect(planned.every((bundle) => bundle.fromTask !== null)).toBe(true);
  for (const task of cuts) await api.post(`/task/${task.id}/cancel`);

  await page.setViewportSize(PHONE);
  await page.goto(`${DELIVERY_URL}/children/loads?date=${day}&plan=${plan.id}`);
  const warning = page.getByTestId('loads-not-made');
  for (const bundle of planned) {
    await expect(warning).toContainText(bundle.code);
    await expect(page.getByTestId(`bundle-${bundle.code}`)).toHaveAttribute('data-not-made', 'taskCancelled');
  }
  await expect(page.getByTestId('loads-to-produce')).toHaveCount(0);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.getByTestId('loads-remove-not-made').click();
  await expect(warning).toHaveCount(0);
  for (const bundle of planned) await expect(page.getByTestId(`bundle-${bundle.code}`)).toHaveCount(0);
});
