import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { answerOf, wholeRecord } from './helpers/inject.ts';
import { ADMIN_ONLY_PERMISSIONS, isPermission, PERMISSIONS, type SystemNode, systemNodeSchema } from '@armature/domain';
import { PLANNER_PERMISSIONS } from '../src/modules/users/index.ts';
import { createUser, listedProductsSchema, loginAs, uniqueName } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

describe.each(testDatabases())('users, roles and permissions on %s', (kind) => {
  const ctx = useTestApp(kind);

  describe('users', () => {
    it('pages, filters and sorts the user list', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/users?sorting=userName desc&maxResultCount=1',
        headers: admin,
      });
      expect(list.statusCode).toBe(200);
      const body = list.json();
      expect(body.items).toHaveLength(1);
      expect(body.totalCount).toBeGreaterThanOrEqual(2);
      // The demo users are admin, inspector, keeper, operator, planner and shiftLead: shiftLead sorts last.
      expect(body.items[0].userName).toBe('shiftLead');

      const byRole = await ctx.app.inject({ method: 'GET', url: '/api/users?roleName=planner', headers: admin });
      expect(byRole.json().items.map((user: { userName: string }) => user.userName)).toEqual(['planner']);
      const byKeyword = await ctx.app.inject({
        method: 'GET',
        url: `/api/users?filter=${encodeURIComponent('张计')}`,
        headers: admin,
      });
      expect(byKeyword.json().totalCount).toBe(1);

      const badSort = await ctx.app.inject({ method: 'GET', url: '/api/users?sorting=passwordHash', headers: admin });
      expect(badSort.statusCode).toBe(400);
      expect(Object.keys(badSort.json().error.details)).toEqual(['sorting']);
    });

    it('creates, updates (accepting the record as read) and deletes a user', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const userName = uniqueName('crud');
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: admin,
        payload: { userName, name: '王五', password: 'Passw0rd-1', roleNames: ['planner'], telephone: '13900001111' },
      });
      expect(created.statusCode).toBe(201);
      const user = created.json();
      expect(user).toMatchObject({
        userName,
        status: 'active',
        roleNames: ['planner'],
        productIds: [],
        lockedUntil: null,
      });
      expect(user.creationTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

      const updated = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}`,
        headers: admin,
        payload: { ...user, name: '王五五', roleNames: [] },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ name: '王五五', roleNames: [] });
      expect(updated.json().lastModificationTime).toMatch(/Z$/);

      const unknownRole = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}`,
        headers: admin,
        payload: { ...answerOf(updated, wholeRecord), roleNames: ['planner', 'ghost'] },
      });
      expect(unknownRole.statusCode).toBe(400);
      expect(unknownRole.json().error.details).toEqual({ 'roleNames.1': ['请输入有效的值'] });

      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/users/${user.id}`, headers: admin })).statusCode,
      ).toBe(204);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: admin })).statusCode).toBe(
        404,
      );
    });

    it('refuses a duplicate user name with the field and value', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { ...admin, 'accept-language': 'en-US' },
        payload: { userName: 'Planner', name: 'x', password: 'Passw0rd-1' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: 'duplicate',
        message: 'User name "Planner" already exists',
        details: { userName: ['Already exists'] },
      });
    });

    it('keeps a non-admin user manager from escalating or crossing tenants', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const role = uniqueName('hr');
      await ctx.app.inject({ method: 'POST', url: '/api/roles', headers: admin, payload: { name: role } });
      const page = 'basicConfig.user.personnel';
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/permissions?providerName=R&providerKey=${role}`,
        headers: admin,
        payload: {
          permissions: [page, `${page}.add`, `${page}.update`, `${page}.delete`, `${page}.resetPassword`].map(
            (name) => ({ name, isGranted: true }),
          ),
        },
      });
      const products = answerOf(
        await ctx.app.inject({ method: 'GET', url: '/api/product/all', headers: admin }),
        listedProductsSchema,
      );
      const line1 = products.find((product) => product.code === 'LINE1')!;
      const line2 = products.find((product) => product.code === 'LINE2')!;
      const manager = await createUser(ctx.app, admin, { roleNames: [role], productIds: [line1.id] });
      const headers = await loginAs(ctx.app, manager.userName, manager.password);

      const payload = { userName: uniqueName('m'), name: 'x', password: 'Passw0rd-1' };
      const asAdmin = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        headers,
        payload: { ...payload, roleNames: ['admin'] },
      });
      // The admin role is the maker's: only its admin gives it, to its staff only (grants.test.ts walks the rest).
      expect(asAdmin.statusCode).toBe(403);
      expect(asAdmin.json().error.code).toBe('maker_grant');
      expect(Object.keys(asAdmin.json().error.details)).toEqual(['roleNames.0']);
      const otherLine = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        headers,
        payload: { ...payload, productIds: [line1.id, line2.id] },
      });
      expect(Object.keys(otherLine.json().error.details)).toEqual(['productIds.1']);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/users',
            headers,
            payload: { ...payload, productIds: [line1.id] },
          })
        ).statusCode,
      ).toBe(201);

      const adminId = (await ctx.app.inject({ method: 'GET', url: '/api/account/current-user', headers: admin })).json()
        .id;
      for (const [method, url, body] of [
        ['PUT', `/api/users/${adminId}/change-password`, { newPassword: 'Taken-over1' }],
        ['POST', `/api/users/${adminId}/reset-token`, undefined],
        ['DELETE', `/api/users/${adminId}`, undefined],
      ] as const) {
        const response = await ctx.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
        // The admin is the equipment maker's staff: outside a client manager's users, so not found.
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await loginAs(ctx.app, 'admin')).authorization).toMatch(/^Bearer /);
    });

    it('keeps at least one active admin', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const me = (await ctx.app.inject({ method: 'GET', url: '/api/account/current-user', headers: admin })).json();
      const record = (await ctx.app.inject({ method: 'GET', url: `/api/users/${me.id}`, headers: admin })).json();
      for (const change of [{ roleNames: [] }, { status: 'disabled' }]) {
        const response = await ctx.app.inject({
          method: 'PUT',
          url: `/api/users/${me.id}`,
          headers: admin,
          payload: { ...record, ...change },
        });
        expect(response.statusCode).toBe(409);
        expect(response.json().error.code).toBe('last_admin');
      }
      // With a second admin, the first may step down.
      const second = await createUser(ctx.app, admin, { roleNames: ['admin'] });
      const demoted = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${second.id}`,
        headers: admin,
        payload: { userName: second.userName, name: 'x', roleNames: [] },
      });
      expect(demoted.statusCode).toBe(200);
    });

    it('refuses to delete oneself', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const me = (await ctx.app.inject({ method: 'GET', url: '/api/account/current-user', headers: admin })).json();
      const response = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${me.id}`, headers: admin });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('self_delete');
    });

    it('answers validation errors with field details in the caller’s language', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const expected = {
        'zh-CN': { userName: '至少需要 3 个字符', name: '必填', password: '必填' },
        'en-US': { userName: 'At least 3 characters are required', name: 'Required', password: 'Required' },
        'fr-FR': { userName: 'Au moins 3 caractères sont requis', name: 'Obligatoire', password: 'Obligatoire' },
      };
      for (const [locale, messages] of Object.entries(expected)) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: { ...admin, 'accept-language': locale },
          payload: { userName: 'ab' },
        });
        expect(response.statusCode).toBe(400);
        const { error } = response.json();
        expect(error.code).toBe('validation_failed');
        expect(error.details.userName).toContain(messages.userName);
        expect(error.details.name).toEqual([messages.name]);
        expect(error.details.password).toEqual([messages.password]);
      }
    });
  });

  describe('roles', () => {
    it('creates, renames and deletes a role; duplicate names are 409', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const name = uniqueName('role');
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/roles',
        headers: admin,
        payload: { name, description: '质检员' },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ name, description: '质检员', isStatic: false, userCount: 0 });
      const duplicate = await ctx.app.inject({ method: 'POST', url: '/api/roles', headers: admin, payload: { name } });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().error.code).toBe('duplicate');

      const renamed = await ctx.app.inject({
        method: 'PUT',
        url: `/api/roles/${created.json().id}`,
        headers: admin,
        payload: { name: `${name}x` },
      });
      expect(renamed.json()).toMatchObject({ name: `${name}x`, description: null });
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/roles/${created.json().id}`, headers: admin })).statusCode,
      ).toBe(204);
    });

    it('refuses to delete a role users hold, naming them', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const roles = (await ctx.app.inject({ method: 'GET', url: '/api/roles/all', headers: admin })).json();
      const planner = roles.find((role: { name: string }) => role.name === 'planner');
      expect(planner.userCount).toBeGreaterThanOrEqual(1);
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/roles/${planner.id}`,
        headers: { ...admin, 'accept-language': 'en' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('in_use');
      expect(response.json().error.message).toContain('planner');
    });

    it('protects the static admin role', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const list = (await ctx.app.inject({ method: 'GET', url: '/api/roles?filter=adm', headers: admin })).json();
      const role = list.items.find((item: { name: string }) => item.name === 'admin');
      expect(role.isStatic).toBe(true);
      const rename = await ctx.app.inject({
        method: 'PUT',
        url: `/api/roles/${role.id}`,
        headers: admin,
        payload: { name: 'boss' },
      });
      expect(rename.json().error.code).toBe('static_role');
      const describe = await ctx.app.inject({
        method: 'PUT',
        url: `/api/roles/${role.id}`,
        headers: admin,
        payload: { name: 'admin', description: '管理员' },
      });
      expect(describe.statusCode).toBe(200);
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/roles/${role.id}`, headers: admin })).json().error.code,
      ).toBe('static_role');
      const grants = await ctx.app.inject({
        method: 'PUT',
        url: '/api/permissions?providerName=R&providerKey=admin',
        headers: admin,
        payload: { permissions: [] },
      });
      expect(grants.statusCode).toBe(409);
    });
  });

  describe('permissions and menus', () => {
    const pageIds = (systems: SystemNode[]) =>
      systems.flatMap((system) => system.menues.flatMap((menu) => menu.pages.map((page) => page.id)));

    it('gives the admin the whole tree and the planner only their grants', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const planner = await loginAs(ctx.app, 'planner');
      const adminMenus = answerOf(
        await ctx.app.inject({ method: 'GET', url: '/api/permissions/usermenus', headers: admin }),
        z.array(systemNodeSchema),
      );
      const base = answerOf(
        await ctx.app.inject({ method: 'GET', url: '/api/permissions/base', headers: admin }),
        z.array(systemNodeSchema),
      );
      // Anyone else is offered what they hold (nobody grants what they do not hold: grants.test.ts).
      const [plannerBase, plannerHeld] = await Promise.all(
        ['base', 'usermenus'].map(async (tree) =>
          (await ctx.app.inject({ method: 'GET', url: `/api/permissions/${tree}`, headers: planner })).json(),
        ),
      );
      expect(plannerBase).toEqual(plannerHeld);
      // The admin's base tree offers what may be granted: everything but the admin-only buttons (creating clients, products).
      const withoutAdminOnly = adminMenus.map((system) => ({
        ...system,
        menues: system.menues.map((menu) => ({
          ...menu,
          pages: menu.pages.map((page) => ({
            ...page,
            buttons: page.buttons.filter((button) => !ADMIN_ONLY_PERMISSIONS.includes(button.id)),
          })),
        })),
      }));
      expect(ADMIN_ONLY_PERMISSIONS).toEqual([
        'basicConfig.basic.client.add',
        'basicConfig.basic.product.add',
        'superAdmin.salesCenter.salesClue.convert',
      ]);
      expect(base).toEqual(withoutAdminOnly);
      expect(adminMenus.map((system) => system.id)).toEqual([
        'superAdmin',
        'productionPlan',
        'intelligentProcess',
        'rawMaterialStock',
        'rebarFinished',
        'basicConfig',
      ]);

      const plannerMenus = answerOf(
        await ctx.app.inject({
          method: 'GET',
          url: '/api/permissions/usermenus',
          headers: { ...planner, 'accept-language': 'fr-FR' },
        }),
        z.array(systemNodeSchema),
      );
      const pages = pageIds(plannerMenus);
      expect(pages.length).toBeLessThan(pageIds(adminMenus).length);
      expect(plannerMenus.find((system) => system.id === 'basicConfig')?.menues.map((menu) => menu.id)).toEqual([
        'basicConfig.spec',
      ]);
      expect(pages).toContain('productionPlan.plan.cutPlan');
      expect(pages).toContain('basicConfig.spec.rebar');
      expect(pages.some((id) => id.startsWith('basicConfig.user.') || id.startsWith('basicConfig.basic.'))).toBe(false);
      expect(pages.some((id) => id.startsWith('superAdmin.BOMCenter'))).toBe(false);
      expect(plannerMenus[0]?.text).toBe('Équipements et BOM');
      const stock = plannerMenus
        .flatMap((s) => s.menues)
        .flatMap((m) => m.pages)
        .find((page) => page.id === 'rawMaterialStock.receiveCenter.rebarReceive');
      expect(stock?.buttons.map((button) => button.key)).toEqual(['export']);

      const userbase = (
        await ctx.app.inject({ method: 'GET', url: '/api/permissions/userbase', headers: planner })
      ).json();
      expect(userbase.isAdmin).toBe(false);
      expect(userbase.granted).toContain('productionPlan.plan.demandOrder.add');
      expect(userbase.granted).not.toContain('basicConfig.user.roles');
    });

    it('seeds the planner with catalogue permissions only', async () => {
      expect(PLANNER_PERMISSIONS.filter((name) => !isPermission(name))).toEqual([]);
      const admin = await loginAs(ctx.app, 'admin');
      const grants = (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/permissions?providerName=R&providerKey=planner',
          headers: admin,
        })
      ).json();
      expect([...grants.granted].sort()).toEqual([...PLANNER_PERMISSIONS].sort());
    });

    it('reads and edits grants of a role and of a user', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const name = uniqueName('viewer');
      await ctx.app.inject({ method: 'POST', url: '/api/roles', headers: admin, payload: { name } });
      const url = `/api/permissions?providerName=R&providerKey=${name}`;
      const put = await ctx.app.inject({
        method: 'PUT',
        url,
        headers: admin,
        payload: {
          permissions: [
            { name: 'basicConfig.user.roles', isGranted: true },
            { name: 'basicConfig.basic.client', isGranted: true },
          ],
        },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({
        providerName: 'R',
        providerKey: name,
        granted: ['basicConfig.basic.client', 'basicConfig.user.roles'],
      });
      await ctx.app.inject({
        method: 'PUT',
        url,
        headers: admin,
        payload: { permissions: [{ name: 'basicConfig.basic.client', isGranted: false }] },
      });
      expect((await ctx.app.inject({ method: 'GET', url, headers: admin })).json().granted).toEqual([
        'basicConfig.user.roles',
      ]);

      const user = await createUser(ctx.app, admin, { roleNames: [name] });
      const userUrl = `/api/permissions?providerName=U&providerKey=${user.id}`;
      await ctx.app.inject({
        method: 'PUT',
        url: userUrl,
        headers: admin,
        payload: { permissions: [{ name: 'basicConfig.user.personnel', isGranted: true }] },
      });
      const headers = await loginAs(ctx.app, user.userName, user.password);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/roles', headers })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/users', headers })).statusCode).toBe(200);
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/roles', headers, payload: { name: 'nope' } })).statusCode,
      ).toBe(403);
      const adminGrants = (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/permissions?providerName=R&providerKey=admin',
          headers: admin,
        })
      ).json();
      expect(adminGrants.granted).toHaveLength(PERMISSIONS.length);
    });

    it('rejects unknown permission names and unknown providers', async () => {
      const admin = await loginAs(ctx.app, 'admin');
      const unknownName = await ctx.app.inject({
        method: 'PUT',
        url: '/api/permissions?providerName=R&providerKey=planner',
        headers: admin,
        payload: {
          permissions: [
            { name: 'productionPlan.plan.cutPlan', isGranted: true },
            { name: 'root.everything', isGranted: true },
          ],
        },
      });
      expect(unknownName.statusCode).toBe(400);
      expect(Object.keys(unknownName.json().error.details)).toEqual(['permissions.1.name']);
      for (const query of [
        'providerName=R&providerKey=ghost',
        'providerName=U&providerKey=not-a-uuid',
        'providerName=U&providerKey=00000000-0000-4000-8000-000000000000',
      ]) {
        expect(
          (await ctx.app.inject({ method: 'GET', url: `/api/permissions?${query}`, headers: admin })).statusCode,
        ).toBe(404);
      }
    });
  });
});
