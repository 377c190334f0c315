#!/usr/bin/env node
// `npm run bench:web`: what a browser downloads to show the login page. Builds the web app if
// needed, starts the real server on a fresh database, opens /auth/login in Debian's Chromium and
// sums the transferred bytes (as served: brotli) per resource type, beside the uncompressed sizes.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 3198);
const dataDir = mkdtempSync(join(tmpdir(), 'armature-bench-web-'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let attempt = 0; attempt < 180; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the server did not start within 3 minutes');
}

try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const responses = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type }) =>
    responses.set(requestId, { type, transferred: 0, size: 0 }),
  );
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    const entry = responses.get(requestId);
    if (entry) entry.size += dataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = responses.get(requestId);
    if (entry) entry.transferred = encodedDataLength;
  });
  await page.goto(`http://127.0.0.1:${port}/auth/login`, { waitUntil: 'networkidle' });
  await page.getByTestId('login-submit').waitFor();
  await browser.close();

  const byType = {};
  for (const { type, transferred, size } of responses.values()) {
    const row = (byType[type] ??= { files: 0, transferredKiB: 0, uncompressedKiB: 0 });
    row.files++;
    row.transferredKiB += transferred / 1024;
    row.uncompressedKiB += size / 1024;
  }
  console.log('Login route (/auth/login), first visit, empty cache:');
  console.table(
    Object.fromEntries(
      Object.entries(byType).map(([type, row]) => [
        type,
        {
          files: row.files,
          'transferred KiB': row.transferredKiB.toFixed(1),
          'uncompressed KiB': row.uncompressedKiB.toFixed(1),
        },
      ]),
    ),
  );
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
