#!/usr/bin/env node
// `npm test`: every Vitest project (domain, cutting, api — on PGlite, and on PostgreSQL too when
// TEST_DATABASE_URL is set — and web), then the browser tests in Debian's Chromium.
// Without Chromium the browser tests fail the run when CI is set, and are skipped (saying so) otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// The browser suite runs in Debian's headless shell when it is there, else in the full chromium
// (e2e/playwright.config.ts).
const chromium =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find(existsSync);

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

console.log(
  process.env.TEST_DATABASE_URL
    ? 'API tests run on PGlite and on PostgreSQL (TEST_DATABASE_URL).'
    : 'API tests run on PGlite only; set TEST_DATABASE_URL to run them on PostgreSQL too.',
);
run('npx', ['vitest', 'run']);

if (chromium && existsSync(chromium)) {
  run('npm', ['run', 'test', '-w', '@armature/e2e']);
} else if (process.env.CI) {
  console.error(
    `Browser tests need Debian's Chromium (package "chromium-headless-shell" or "chromium"; .ci/run installs it)${chromium ? ` at ${chromium}` : ''}. Set CHROMIUM_PATH if it lives elsewhere.`,
  );
  process.exit(1);
} else {
  console.warn(
    `SKIPPED the browser tests: no Chromium${chromium ? ` at ${chromium}` : ''}. Install Debian's "chromium-headless-shell" package (or set CHROMIUM_PATH) to run them.`,
  );
}
