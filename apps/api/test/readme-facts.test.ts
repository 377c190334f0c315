import { z } from 'zod';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { flattenPages, TASK_PERMISSIONS, systemNodeSchema } from '@armature/domain';
import { chooseProduct, loginAs } from './helpers/auth.ts';
import { useTestApp } from './helpers/test-app.ts';
import {
  DEMO_ADMIN,
  DEMO_INSPECTOR,
  DEMO_KEEPER,
  DEMO_OPERATOR,
  DEMO_PLANNER,
  DEMO_SHIFT_LEAD,
} from '../src/modules/users/index.ts';
import { answerOf } from './helpers/inject.ts';

// What the README tells a newcomer about the demo, checked against a freshly seeded database: a count or
// a "who may" that drifts from the seed fails here rather than on the newcomer's first day.
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** The number the README writes in the sentence `pattern` matches (its first group). */
function stated(pattern: RegExp): number {
  const match = pattern.exec(readme);
  if (!match?.[1]) throw new Error(`README no longer says ${pattern}`);
  return Number(match[1]);
}

describe('the README on the demo', () => {
  const ctx = useTestApp('pglite');

  it('counts LINE1’s demand orders as the seed makes them', async () => {
    const admin = await loginAs(ctx.app, DEMO_ADMIN.userName, DEMO_ADMIN.password);
    await chooseProduct(ctx.app, admin, 'LINE1');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/demandOrder?pageSize=100', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(stated(/The demo product `LINE1` has (\d+) demand orders/)).toBe(list.json().totalCount);
  });

  it('gives dispatching tasks to the demo shift lead (and admin) only, as it says', async () => {
    expect(readme).toMatch(/`shiftLead`[^|]*\|[^|]*`ShiftLead2026`[^|]*\|[^|]*dispatch/);
    const dispatchers: string[] = [];
    for (const user of [DEMO_ADMIN, DEMO_PLANNER, DEMO_KEEPER, DEMO_OPERATOR, DEMO_INSPECTOR, DEMO_SHIFT_LEAD]) {
      const headers = await loginAs(ctx.app, user.userName, user.password);
      const menus = await ctx.app.inject({ method: 'GET', url: '/api/permissions/usermenus', headers });
      expect(menus.statusCode).toBe(200);
      const taskPage = flattenPages(answerOf(menus, z.array(systemNodeSchema))).find(
        (page) => page.id === TASK_PERMISSIONS.read,
      );
      if (taskPage?.buttons.some((button) => button.key === 'dispatch')) dispatchers.push(user.userName);
    }
    expect(dispatchers).toEqual([DEMO_ADMIN.userName, DEMO_SHIFT_LEAD.userName]);
  });

  it('names the Debian font package for Chinese on screen, and the font the PDFs embed', async () => {
    expect(readme).toMatch(/apt-get install fonts-noto-cjk/);
    const api = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(readme).toContain('`@embedpdf/fonts-sc`');
    expect(api.dependencies).toHaveProperty('@embedpdf/fonts-sc');
  });
});
