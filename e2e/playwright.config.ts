import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's headless shell (package chromium-headless-shell: Chromium's engine without the desktop browser around
// it, what Playwright itself runs headless) took about 30 % less CPU than the full `chromium` for the same tests
// (docs/testing.md); the full browser is the fallback. CHROMIUM_PATH names another.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// The browser tests run the real product (`npm start`'s build: web app + API) and drive Debian's Chromium — no
// browser is ever downloaded. Each worker has a server of its own on a fresh embedded database (servers.ts; the
// specs' `test` in specs/fixtures.ts gives each test its worker's `baseURL`), started from the build the global
// setup makes once. E2E_PORT is the first worker's port (the next workers' follow it), E2E_WORKERS the number of
// workers (and so of servers).
export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  // A file's tests run in order on one worker (some build on what the file's earlier tests did); files are shared
  // out between the workers.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // On CI a failed test runs once more: the list then names it "flaky", a bug to fix, without one timing
  // fluke on a loaded 2-core machine refusing everything else. Locally a failure is final.
  retries: process.env.CI ? 1 : 0,
  // Budgets, not waits: a passing test takes no longer for them. They are sized for a 2-core machine shared with
  // other work at load 30, where a page's first load took 13 s and typing into one field up to 15 s (ten times
  // what they take at rest). One budget for every test (only the walk over every screen has its own): a hung
  // test is named sooner by its action's or assertion's limit.
  timeout: 600_000,
  expect: { timeout: 45_000 },
  reporter: [['list']],
  // baseURL and storageState (antd's motion off) are the worker's server's: specs/fixtures.ts.
  use: {
    browserName: 'chromium',
    headless: true,
    locale: 'zh-CN',
    // A failed test keeps its trace, with the DOM before and after each action, but no screencast: the screencast
    // (a frame grabbed, encoded and stored whenever the page paints) cost about 4.5 s of Chromium's CPU per app load
    // and page visit, 40 % of its work, in every test, passing or not (docs/testing.md). One screenshot of the page
    // as it failed is kept instead.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // A click or a navigation that cannot happen fails in a minute, naming itself, instead of holding the test
    // until its whole budget is spent (Playwright's own default is no limit).
    actionTimeout: 90_000,
    navigationTimeout: 90_000,
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
