import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EQUIPMENT_PERMISSIONS,
  flattenPages,
  permissionGrantsSchema,
  PERMISSIONS,
  productResource,
  resourceItemSchema,
  roleSchema,
  type SystemNode,
  systemNodeSchema,
  userPermissionsSchema,
  userSchema,
} from '@armature/domain';
import { roles, userPermissions, userRoles } from '../src/core/auth/roles.table.ts';
import { eq } from 'drizzle-orm';
import { createUser, loginAs, uniqueName } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { answerOf, counted, errorOf, injectorFor, pageOf, withId } from './helpers/inject.ts';

type Headers = Record<string, string>;
type Product = { id: string; code: string; clientId: string };
type SignedIn = { id: string; userName: string; headers: Headers };

/** Every permission of user administration (`basicConfig.user.*`): what a client's user manager holds. */
const USER_ADMIN = PERMISSIONS.filter((name) => name.startsWith('basicConfig.user.'));
const PERSONNEL = 'basicConfig.user.personnel';
const PLAN_PAGE = PERMISSIONS.find((name) => name.startsWith('productionPlan.'))!;
const EN = { 'accept-language': 'en-US' };

/** The page and button ids of a menu tree. */
const menuIds = (nodes: readonly SystemNode[]): string[] =>
  flattenPages(nodes).flatMap((page) => [page.id, ...page.buttons.map((button) => button.id)]);

/**
 * Grants: nobody grants what they do not hold, roles belong to a client, maker permissions are the
 * maker's, and nobody changes their own roles or grants. Each grant path is walked as a client's user
 * manager, as a maker manager (staff without a client, not admin) and as the maker's admin.
 */
describe.each(testDatabases())('grant rules and the role model on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: { authorization: string };
  let demo: Product;
  let other: Product;
  /** DEMO's user manager: a DEMO role holding only `basicConfig.user.*`. */
  let manager: SignedIn;
  let managerRole: string;
  /** The maker's user manager: staff without a client holding `basicConfig.user.*` and the maker's equipment page. */
  let makerManager: SignedIn;

  const inject = injectorFor(ctx, EN);
  const grant = (headers: Headers, provider: 'U' | 'R', key: string, names: readonly string[], isGranted = true) =>
    inject('PUT', `permissions?providerName=${provider}&providerKey=${encodeURIComponent(key)}`, headers, {
      permissions: names.map((name) => ({ name, isGranted })),
    });
  const grantsOf = async (provider: 'U' | 'R', key: string) =>
    answerOf(
      await inject('GET', `permissions?providerName=${provider}&providerKey=${key}`, admin),
      permissionGrantsSchema,
    ).granted;

  async function signIn(fields: { roleNames?: string[]; productIds?: string[] }): Promise<SignedIn> {
    const user = await createUser(ctx.app, admin, fields);
    return { id: user.id, userName: user.userName, headers: await loginAs(ctx.app, user.userName, user.password) };
  }

  async function roleWith(permissions: readonly string[], clientId: string | null): Promise<string> {
    const name = uniqueName('r');
    expect((await inject('POST', 'roles', admin, { name, clientId })).statusCode).toBe(201);
    expect((await grant(admin, 'R', name, permissions)).statusCode).toBe(200);
    return name;
  }

  beforeAll(async () => {
    admin = await loginAs(ctx.app, 'admin');
    const products = answerOf(await inject('GET', 'product/all', admin), z.array(resourceItemSchema(productResource)));
    demo = products.find((product) => product.code === 'LINE1')!;
    const code = uniqueName('G').toUpperCase();
    const client = await inject('POST', 'client', admin, { code, companyName: `${code} 钢构` });
    const product = await inject('POST', 'product', admin, {
      code: `${code}-P`,
      name: '二号客户线',
      clientId: client.json().id,
    });
    other = answerOf(product, resourceItemSchema(productResource));
    managerRole = await roleWith(USER_ADMIN, demo.clientId);
    manager = await signIn({ roleNames: [managerRole], productIds: [demo.id] });
    makerManager = await signIn({ roleNames: [await roleWith([...USER_ADMIN, EQUIPMENT_PERMISSIONS.read], null)] });
  });

  describe('escalations through grants', () => {
    it('a client manager cannot grant themselves a maker page, so another client’s machines stay out of reach', async () => {
      const self = await grant(manager.headers, 'U', manager.id, [
        EQUIPMENT_PERMISSIONS.read,
        EQUIPMENT_PERMISSIONS.credentials,
      ]);
      expect(self.statusCode).toBe(403);
      expect(self.json().error.code).toBe('own_grants');
      expect((await inject('GET', `equipment?clientId=${other.clientId}`, manager.headers)).statusCode).toBe(403);
      const base = answerOf(await inject('GET', 'permissions/userbase', manager.headers), userPermissionsSchema);
      expect(base.granted.toSorted()).toEqual(USER_ADMIN.toSorted());
    });

    it('a client manager cannot add permissions to the planner template every client shares', async () => {
      const otherPlanner = await signIn({ roleNames: ['planner'], productIds: [other.id] });
      const before = await grantsOf('R', 'planner');
      const response = await grant(manager.headers, 'R', 'planner', [PERSONNEL]);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('template_role');
      expect(await grantsOf('R', 'planner')).toEqual(before);
      expect((await inject('GET', 'users', otherPlanner.headers)).statusCode).toBe(403);
    });

    it('a client manager cannot give themselves a role', async () => {
      const own = answerOf(await inject('GET', `users/${manager.id}`, admin), userSchema.loose());
      const response = await inject('PUT', `users/${manager.id}`, manager.headers, {
        ...own,
        roleNames: [...own.roleNames, 'planner'],
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({
        code: 'own_grants',
        message: 'You cannot change your own roles or permissions',
      });
      expect((await inject('GET', `users/${manager.id}`, admin)).json().roleNames).toEqual([managerRole]);
    });

    it('a client user holding a maker permission in the grant tables still does not hold it', async () => {
      const plant = await signIn({ productIds: [demo.id] });
      await ctx.handle.db
        .insert(userPermissions)
        .values({ userId: plant.id, name: EQUIPMENT_PERMISSIONS.read, creationTime: new Date().toISOString() });
      expect((await inject('GET', 'equipment', plant.headers)).statusCode).toBe(403);
      const menus = answerOf(await inject('GET', 'permissions/usermenus', plant.headers), z.array(systemNodeSchema));
      expect(menuIds(menus)).not.toContain(EQUIPMENT_PERMISSIONS.read);
      expect((await inject('GET', 'permissions/userbase', plant.headers)).json().granted).toEqual([]);

      // Through a maker role, in the tables however it got there: the same.
      const makerRole = await roleWith([EQUIPMENT_PERMISSIONS.read, PERSONNEL], null);
      const refused = await inject('PUT', `users/${plant.id}`, admin, {
        ...(await inject('GET', `users/${plant.id}`, admin)).json(),
        roleNames: [makerRole],
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'maker_grant',
        details: { 'roleNames.0': expect.any(Array) },
      });
      const [role] = await ctx.handle.db.select({ id: roles.id }).from(roles).where(eq(roles.name, makerRole));
      await ctx.handle.db
        .insert(userRoles)
        .values({ userId: plant.id, roleId: role!.id, creationTime: new Date().toISOString() });
      expect((await inject('GET', 'equipment', plant.headers)).statusCode).toBe(403);
      expect((await inject('GET', 'permissions/userbase', plant.headers)).json().granted).toEqual([PERSONNEL]);
    });
  });

  describe('a client manager', () => {
    it('grants a managed user only what they hold, revokes within their client, never their own', async () => {
      const clerk = await signIn({ productIds: [demo.id] });
      expect((await grant(admin, 'U', clerk.id, [PLAN_PAGE])).statusCode).toBe(200);

      const held = await grant(manager.headers, 'U', clerk.id, [PERSONNEL]);
      expect(held.statusCode).toBe(200);
      expect(held.json().granted).toEqual([PERSONNEL, PLAN_PAGE].toSorted());

      const unheld = await grant(manager.headers, 'U', clerk.id, [PERSONNEL, 'rebarFinished.finished.stock']);
      expect(unheld.statusCode).toBe(403);
      expect(unheld.json().error).toMatchObject({
        code: 'grant_not_held',
        details: { 'permissions.1.name': ['Please enter a valid value'] },
      });
      const maker = await grant(manager.headers, 'U', clerk.id, [EQUIPMENT_PERMISSIONS.credentials]);
      expect(maker.statusCode).toBe(403);
      expect(maker.json().error).toMatchObject({
        code: 'maker_grant',
        details: { 'permissions.0.name': expect.any(Array) },
      });

      // Revoking what they do not hold is managing their client's user, not escalating.
      const revoked = await grant(manager.headers, 'U', clerk.id, [PLAN_PAGE], false);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json().granted).toEqual([PERSONNEL]);

      const own = await grant(manager.headers, 'U', manager.id, [PERSONNEL], false);
      expect(own.statusCode).toBe(403);
      expect(own.json().error.code).toBe('own_grants');

      const stranger = await signIn({ productIds: [other.id] });
      expect((await grant(manager.headers, 'U', stranger.id, [PERSONNEL])).statusCode).toBe(404);
    });

    it('creates and edits only their client’s roles, grants them only what they hold, and sees templates read-only', async () => {
      const name = uniqueName('own');
      const created = await inject('POST', 'roles', manager.headers, { name });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ name, clientId: demo.clientId, clientName: '华东钢筋加工有限公司' });
      expect((await grant(manager.headers, 'R', name, [PERSONNEL])).statusCode).toBe(200);
      const unheld = await grant(manager.headers, 'R', name, [PLAN_PAGE]);
      expect(unheld.statusCode).toBe(403);
      expect(unheld.json().error.code).toBe('grant_not_held');
      expect((await grant(manager.headers, 'R', name, [EQUIPMENT_PERMISSIONS.read])).json().error.code).toBe(
        'maker_grant',
      );

      // A template: readable, not editable.
      const planner = answerOf(await inject('GET', 'roles?filter=planner', manager.headers), pageOf(roleSchema)).items;
      const template = planner.find((role) => role.name === 'planner')!;
      expect(template.clientId).toBeNull();
      expect((await inject('GET', 'permissions?providerName=R&providerKey=planner', manager.headers)).statusCode).toBe(
        200,
      );
      const renamed = await inject('PUT', `roles/${template.id}`, manager.headers, {
        name: 'planner',
        description: 'x',
      });
      expect(renamed.statusCode).toBe(403);
      expect(renamed.json().error.code).toBe('template_role');
      expect((await inject('DELETE', `roles/${template.id}`, manager.headers)).statusCode).toBe(403);

      // Names resolve unambiguously: neither a template's name nor the reserved admin.
      for (const taken of ['planner', 'admin'])
        expect((await inject('POST', 'roles', manager.headers, { name: taken })).statusCode).toBe(409);

      // Another client's role is not there.
      const foreign = uniqueName('foreign');
      const foreignRole = await inject('POST', 'roles', admin, { name: foreign, clientId: other.clientId });
      expect(foreignRole.json().clientId).toBe(other.clientId);
      expect((await inject('GET', `roles/${foreignRole.json().id}`, manager.headers)).statusCode).toBe(404);
      expect(
        (await inject('PUT', `roles/${foreignRole.json().id}`, manager.headers, { name: foreign })).statusCode,
      ).toBe(404);
      expect((await inject('DELETE', `roles/${foreignRole.json().id}`, manager.headers)).statusCode).toBe(404);
      expect((await grant(manager.headers, 'R', foreign, [PERSONNEL])).statusCode).toBe(404);
      const listed = answerOf(
        await inject('GET', 'roles?maxResultCount=1000', manager.headers),
        pageOf(roleSchema),
      ).items;
      expect(listed.map((role) => role.name)).not.toContain(foreign);
      expect(listed.every((role) => role.clientId === null || role.clientId === demo.clientId)).toBe(true);

      expect((await inject('DELETE', `roles/${created.json().id}`, manager.headers)).statusCode).toBe(204);
    });

    it('assigns only roles whose every permission they hold, of the user’s client or templates', async () => {
      const payload = () => ({ userName: uniqueName('a'), name: 'x', password: 'Passw0rd-1' });
      const planner = await inject('POST', 'users', manager.headers, { ...payload(), roleNames: ['planner'] });
      expect(planner.statusCode).toBe(403);
      expect(planner.json().error).toMatchObject({
        code: 'grant_not_held',
        details: { 'roleNames.0': expect.any(Array) },
      });
      const asAdmin = await inject('POST', 'users', manager.headers, { ...payload(), roleNames: ['admin'] });
      expect(asAdmin.statusCode).toBe(403);
      expect(Object.keys(asAdmin.json().error.details)).toEqual(['roleNames.0']);

      const foreign = uniqueName('foreign');
      await inject('POST', 'roles', admin, { name: foreign, clientId: other.clientId });
      const foreignRole = await inject('POST', 'users', manager.headers, { ...payload(), roleNames: [foreign] });
      expect(foreignRole.statusCode).toBe(400);
      expect(foreignRole.json().error.details).toEqual({ 'roleNames.0': ['Please enter a valid value'] });

      const created = await inject('POST', 'users', manager.headers, { ...payload(), roleNames: [managerRole] });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ roleNames: [managerRole], clientId: demo.clientId });
      const more = await inject('PUT', `users/${created.json().id}`, manager.headers, {
        ...created.json(),
        roleNames: [managerRole, 'operator'],
      });
      expect(more.statusCode).toBe(403);
      const fewer = await inject('PUT', `users/${created.json().id}`, manager.headers, {
        ...created.json(),
        roleNames: [],
      });
      expect(fewer.statusCode).toBe(200);
    });

    it('edits their own profile as long as their roles stay the same', async () => {
      const own = answerOf(await inject('GET', `users/${manager.id}`, manager.headers), userSchema.loose());
      const renamed = await inject('PUT', `users/${manager.id}`, manager.headers, { ...own, name: '人事' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ name: '人事', roleNames: [managerRole] });
    });

    it('counts the users of their own client in GET /api/roles', async () => {
      await signIn({ roleNames: ['planner'], productIds: [other.id] });
      const countOf = async (headers: Headers) =>
        answerOf(
          await inject('GET', 'roles?filter=planner&maxResultCount=100', headers),
          pageOf(roleSchema),
        ).items.find((role) => role.name === 'planner')!.userCount;
      const users = (clientId?: string) =>
        inject('GET', `users?roleName=planner${clientId ? `&clientId=${clientId}` : ''}`, admin).then(
          (response) => answerOf(response, counted).totalCount,
        );
      expect(await countOf(manager.headers)).toBe(await users(demo.clientId));
      expect(await countOf(admin)).toBe(await users());
      expect(await users()).toBeGreaterThan(await users(demo.clientId));
    });

    it('is offered only what they hold in the permission tree', async () => {
      const tree = answerOf(await inject('GET', 'permissions/base', manager.headers), z.array(systemNodeSchema));
      expect(
        menuIds(tree)
          .filter((id) => PERMISSIONS.includes(id))
          .toSorted(),
      ).toEqual(USER_ADMIN.toSorted());
    });
  });

  describe('a maker manager (staff without a client, not admin)', () => {
    it('gives nothing: no template, no client’s user, not themselves', async () => {
      expect((await grant(makerManager.headers, 'R', 'planner', [PERSONNEL])).json().error.code).toBe('template_role');
      expect((await inject('POST', 'roles', makerManager.headers, { name: uniqueName('m') })).statusCode).toBe(403);
      expect((await grant(makerManager.headers, 'U', manager.id, [PERSONNEL])).statusCode).toBe(404);
      expect((await grant(makerManager.headers, 'U', makerManager.id, [PERSONNEL])).json().error.code).toBe(
        'own_grants',
      );
      const payload = { userName: uniqueName('m'), name: 'x', password: 'Passw0rd-1', roleNames: ['planner'] };
      expect((await inject('POST', 'users', makerManager.headers, payload)).statusCode).toBe(403);
      // They hold the maker's equipment page themselves (maker staff may).
      expect((await inject('GET', 'equipment', makerManager.headers)).statusCode).toBe(200);
    });
  });

  describe('the maker admin', () => {
    it('grants maker permissions to the maker’s staff and roles only', async () => {
      const staff = await signIn({});
      const toStaff = await grant(admin, 'U', staff.id, [EQUIPMENT_PERMISSIONS.read]);
      expect(toStaff.statusCode).toBe(200);
      expect((await inject('GET', 'equipment', staff.headers)).statusCode).toBe(200);

      const plant = await signIn({ productIds: [demo.id] });
      const toPlant = await grant(admin, 'U', plant.id, [PERSONNEL, EQUIPMENT_PERMISSIONS.read]);
      expect(toPlant.statusCode).toBe(403);
      expect(toPlant.json().error).toMatchObject({
        code: 'maker_grant',
        details: { 'permissions.1.name': expect.any(Array) },
      });
      expect((await grant(admin, 'R', managerRole, [EQUIPMENT_PERMISSIONS.read])).json().error.code).toBe(
        'maker_grant',
      );

      // A template is the maker's: its grants are the admin's to edit.
      expect((await grant(admin, 'R', 'planner', [PERSONNEL])).statusCode).toBe(200);
      expect((await grant(admin, 'R', 'planner', [PERSONNEL], false)).statusCode).toBe(200);
    });

    it('refuses another client’s line for a user saying why (the line and both clients), and takes it once the user moves', async () => {
      const plant = await signIn({ productIds: [demo.id] });
      const record = answerOf(await inject('GET', `users/${plant.id}`, admin), userSchema.loose());
      expect(record.clientId).toBe(demo.clientId);
      const refused = await inject('PUT', `users/${plant.id}`, admin, { ...record, productIds: [demo.id, other.id] });
      expect(refused.statusCode).toBe(400);
      const [message] = errorOf(refused).details!['productIds.1']!;
      expect(message).toContain(`二号客户线 (${other.code})`);
      expect(message).toContain(`${other.code.replace(/-P$/, '')} 钢构`);
      expect(message).not.toBe('Please enter a valid value');
      const moved = await inject('PUT', `users/${plant.id}`, admin, {
        ...record,
        clientId: other.clientId,
        productIds: [other.id],
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ clientId: other.clientId, productIds: [other.id] });
    });

    it('assigns the admin role to the maker’s staff only', async () => {
      const payload = () => ({ userName: uniqueName('a'), name: 'x', password: 'Passw0rd-1', roleNames: ['admin'] });
      const plant = await inject('POST', 'users', admin, { ...payload(), productIds: [demo.id] });
      expect(plant.statusCode).toBe(403);
      expect(plant.json().error).toMatchObject({ code: 'maker_grant', details: { 'roleNames.0': expect.any(Array) } });
      const staff = await inject('POST', 'users', admin, payload());
      expect(staff.statusCode).toBe(201);
      const moved = await inject('PUT', `users/${staff.json().id}`, admin, {
        ...staff.json(),
        clientId: demo.clientId,
      });
      expect(moved.statusCode).toBe(403);
    });

    it('cannot change their own roles either', async () => {
      const own = answerOf(await inject('GET', 'account/current-user', admin), withId);
      expect((await grant(admin, 'U', own.id, [PERSONNEL])).json().error.code).toBe('own_grants');
    });
  });
});
