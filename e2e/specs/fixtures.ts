import { test as base } from '@playwright/test';
import { serverFor, type Server } from '../servers.ts';
import { recordMessages } from './messages.ts';
import { DEMO, apiAs } from './support.ts';

/**
 * The specs' `test`: each worker drives a server of its own (../servers.ts), so `baseURL` (the pages', `request`'s
 * and every context's a test opens itself) is its worker's, and so is `mqttUrl`, its embedded MQTT broker.
 */
export const test = base.extend<{ mqttUrl: string; scheduleDrafts: string[] }, { server: Server }>({
  server: [
    // Playwright reads the fixtures a fixture needs from its first parameter: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => use(await serverFor(workerInfo.parallelIndex)),
    // The server's first start migrates and seeds its database: minutes on a busy 2-core machine.
    { scope: 'worker', timeout: 600_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
  // Every page records the messages it shows (messages.ts): a test reads an announcement after the toast closed.
  context: async ({ context }, use) => {
    await context.addInitScript(recordMessages);
    await use(context);
  },
  mqttUrl: async ({ server }, use) => use(server.mqttUrl),
  // Schedule drafts a test made, deleted after it if it did not get that far: a draft holds its cutting
  // plan, and a retry (or the next test) drafting from the same plan would be refused.
  scheduleDrafts: async ({ request }, use) => {
    const drafts: string[] = [];
    await use(drafts);
    if (!drafts.length) return;
    const api = await apiAs(request, DEMO.planner);
    for (const id of drafts) await api.remove(`/dailyPlan/${id}`);
  },
  // antd's motion off (apps/web/src/lib/theme.ts reads this key): a click never lands on a dialog, menu or
  // dropdown still opening, however busy the machine. Every context starts with it, those a test opens too.
  storageState: async ({ server }, use) =>
    use({
      cookies: [],
      origins: [{ origin: server.baseURL, localStorage: [{ name: 'armature.motion', value: 'off' }] }],
    }),
});

export { expect } from '@playwright/test';
