#!/usr/bin/env node
// `npm run bench:pages [-- --url http://127.0.0.1:3000 --users admin,planner,… --out pages.json]`
//
// How soon each page of the demo shows its data, as its role opens it. Starts the real server
// (`npm start`'s build) on a fresh demo database on BENCH_PORT (default 3660), or uses the running one of
// `--url` (a cluster under `npm run bench:load`, whose database has the demo users). For each demo user in
// Debian's Chromium: signs in through the login form (choosing LINE1 when asked), then opens every page of
// its menu (`GET /api/permissions/usermenus`) in the running app, as a click on the menu does (the url
// pushed, the router told), and times from there until the page shows its data: no skeleton or spinner
// left, and a new table row, empty-list notice, card, description, form, result or chart in the page's
// content. The app's first load after sign-in is timed too (from navigation start). Prints per user and in
// all p50 / p95 / max, the slowest pages, and the login page's JavaScript transferred (brotli, as served).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

/* global document, history, dispatchEvent, PopStateEvent -- page.evaluate and waitForFunction run these in the browser */

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    users: { type: 'string', default: 'admin,planner,keeper,operator,shiftLead,inspector' },
    out: { type: 'string' },
    timeout: { type: 'string', default: '30' },
  },
});
/** The demo users (README, "Demo sign-in"). */
const PASSWORDS = {
  admin: process.env.ADMIN_PASSWORD ?? 'Armature2026',
  planner: 'Planner2026',
  keeper: 'Keeper2026',
  operator: 'Operator2026',
  shiftLead: 'ShiftLead2026',
  inspector: 'Inspector2026',
};
const USERS = args.users.split(',');
const TIMEOUT_MS = Number(args.timeout) * 1000;
/** Put on every element of a page before the next is opened: the next page's own elements lack it. */
const LEFT = 'data-bench-left';
/** What shows a page's data (or that it has none). */
const DATA = [
  '.ant-table-row',
  '.ant-empty',
  '.ant-descriptions',
  '.ant-card',
  '.ant-form',
  '.ant-result',
  '.ant-list-item',
  'canvas',
  'svg.recharts-surface',
];

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 3660);
const dataDir = args.url ? null : mkdtempSync(join(tmpdir(), 'armature-bench-pages-'));
const baseUrl = args.url ?? `http://127.0.0.1:${port}`;
const server = args.url
  ? null
  : spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });

async function waitForServer() {
  for (let attempt = 0; attempt < 1200; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the server did not start within 20 minutes');
}

const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Resolves with performance.now() once the page's content shows data no earlier page left there. */
function dataShown(page) {
  return page
    .waitForFunction(
      ({ left, data }) => {
        const content = document.querySelector('.ant-layout-content') ?? document.body;
        if (document.querySelector('.ant-skeleton, .ant-spin-spinning')) return false;
        const shown = content.querySelector(data.map((selector) => `${selector}:not([${left}])`).join(', '));
        return shown ? performance.now() : false;
      },
      { left: LEFT, data: DATA },
      { polling: 'raf', timeout: TIMEOUT_MS },
    )
    .then((handle) => handle.jsonValue());
}

/** The login page's JavaScript, first visit with an empty cache: bytes on the wire (as served) by type. */
async function loginTransfer(browser) {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const types = new Map();
  let javascript = 0;
  cdp.on('Network.responseReceived', ({ requestId, type }) => types.set(requestId, type));
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    if (types.get(requestId) === 'Script') javascript += encodedDataLength;
  });
  await page.goto(`${baseUrl}/auth/login`, { waitUntil: 'networkidle' });
  await page.getByTestId('login-submit').waitFor();
  await page.close();
  return javascript / 1024;
}

async function benchUser(browser, userName) {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByTestId('login-username').fill(userName);
  await page.getByTestId('login-password').fill(PASSWORDS[userName]);
  await page.getByTestId('login-submit').click();
  const chooser = page.getByTestId('chooser-form');
  const layout = page.locator('.ant-layout-content');
  await chooser.or(layout).first().waitFor({ timeout: 60_000 });
  if (await chooser.isVisible()) {
    for (const [field, text] of [
      ['chooser-client', '华东钢筋加工有限公司'],
      ['chooser-product', 'LINE1'],
    ]) {
      await page.getByTestId(field).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
    }
    await chooser.locator('button[type=submit]').click();
  }
  await layout.waitFor({ timeout: 60_000 });
  const session = await page.evaluate(() => JSON.parse(sessionStorage.getItem('armature.session') ?? '{}'));
  const token = session.token?.access_token;
  const menus = await (
    await fetch(`${baseUrl}/api/permissions/usermenus`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const urls = menus.flatMap((system) => system.menues.flatMap((menu) => menu.pages.map((p) => p.url)));
  // The app's first load at a page, from navigation start (its code cached by the sign-in's load).
  const firstUrl = urls[0];
  await page.goto(`${baseUrl}${firstUrl}`);
  const firstLoad = await dataShown(page).catch(() => null);
  // The first page is open already (the router would not render it again): its time is the first load's.
  const pages = [{ url: firstUrl, ms: firstLoad }];
  for (const url of urls.slice(1)) {
    await page.evaluate((left) => {
      document.querySelectorAll('body *').forEach((element) => element.setAttribute(left, ''));
    }, LEFT);
    const started = await page.evaluate((target) => {
      const at = performance.now();
      history.pushState(null, '', target);
      dispatchEvent(new PopStateEvent('popstate'));
      return at;
    }, url);
    const shown = await dataShown(page).catch(() => null);
    pages.push({ url, ms: shown === null ? null : shown - started });
    process.stderr.write(
      `${userName} ${url}: ${shown === null ? 'no data shown' : `${(shown - started).toFixed(0)} ms`}\n`,
    );
  }
  await context.close();
  return { userName, firstLoad, pages };
}

try {
  await waitForServer();
  const load = [loadavg()];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const loginKiB = await loginTransfer(browser);
  const results = [];
  for (const userName of USERS) results.push(await benchUser(browser, userName));
  await browser.close();
  load.push(loadavg());

  const row = (name, values, missing) =>
    `| ${name} | ${values.length} | ${percentile(values, 50).toFixed(0)} | ${percentile(values, 95).toFixed(0)} | ` +
    `${Math.max(...values).toFixed(0)} | ${missing} |`;
  console.log(
    `${new Date().toISOString()}, ${baseUrl}; load average ${load[0].map((n) => n.toFixed(1)).join(' ')} at the start, ` +
      `${load[1].map((n) => n.toFixed(1)).join(' ')} at the end.\n`,
  );
  console.log(
    `Login page's JavaScript, first visit, empty cache: **${loginKiB.toFixed(1)} KiB** transferred (goal ≤ 250 KiB).\n`,
  );
  console.log('| user | pages | p50 ms | p95 ms | max ms | no data within the limit |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  const all = [];
  let allMissing = 0;
  for (const { userName, pages } of results) {
    const times = pages.filter((p) => p.ms !== null).map((p) => p.ms);
    const missing = pages.length - times.length;
    all.push(...times);
    allMissing += missing;
    console.log(row(userName, times, missing));
  }
  console.log(row('**all**', all, allMissing));
  const firsts = results.map((r) => r.firstLoad).filter((ms) => ms !== null);
  console.log(
    `\nThe app's first load at a user's first page (navigation start → data): ${firsts.map((ms) => ms.toFixed(0)).join(', ')} ms.`,
  );
  const slowest = results
    .flatMap(({ userName, pages }) => pages.map((p) => ({ userName, ...p })))
    .sort((a, b) => (b.ms ?? Infinity) - (a.ms ?? Infinity))
    .slice(0, 8);
  console.log(
    `Slowest: ${slowest.map((p) => `${p.url} (${p.userName}) ${p.ms === null ? '—' : p.ms.toFixed(0)}`).join('; ')}.`,
  );
  if (args.out) writeFileSync(args.out, JSON.stringify({ loginKiB, load, results }, null, 2));
} finally {
  server?.kill('SIGTERM');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
