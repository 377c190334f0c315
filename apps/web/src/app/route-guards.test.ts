import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { buildMenuTree, type CurrentUser, type UserProduct } from '@armature/domain';
import { loadSession, saveSession, type SessionData } from '../lib/session.ts';
import { stubBrowserStorage } from '../../test/browser-storage.ts';
import { redirectHome, redirectToFirstPage } from './page-guards.ts';
import {
  mayOpen,
  requireGrant,
  requirePage,
  requireProductChoice,
  requireSession,
  subRouteButton,
} from './route-guards.ts';

vi.mock('./screens.ts', () => {
  const screen = { list: async () => ({ default: () => null }) };
  return { SCREENS: { 'basicConfig.user.personnel': screen, 'basicConfig.user.roles': screen }, AREA_HOMES: [] };
});

const args = (path: string) => ({ request: new Request(`http://localhost${path}`), params: {} }) as LoaderFunctionArgs;
const line1: UserProduct = {
  id: 'p1',
  code: 'LINE1',
  name: 'Line 1',
  clientId: 'c1',
  clientName: 'Client',
  timeZone: 'Asia/Shanghai',
};
const line2: UserProduct = {
  id: 'p2',
  code: 'LINE2',
  name: 'Line 2',
  clientId: 'c1',
  clientName: 'Client',
  timeZone: 'Asia/Shanghai',
};

function signIn(session: Partial<SessionData> = {}) {
  saveSession({
    token: {
      access_token: 'a',
      refresh_token: 'r',
      token_type: 'Bearer',
      expires_in: 900,
      expiresAt: Date.now() + 900_000,
    },
    user: { userName: 'planner', currentProduct: { id: 'p1', name: 'Line 1' } } as CurrentUser,
    menus: buildMenuTree('en-US', (permission) => permission.startsWith('basicConfig.user.roles')),
    products: [line1],
    ...session,
  });
}

/** What a loader threw: a redirect's target or a status. */
async function outcome(run: Promise<unknown>): Promise<string> {
  try {
    await run;
    return 'passed';
  } catch (thrown) {
    if (thrown instanceof Response) return `redirect ${thrown.headers.get('Location')}`;
    return `status ${(thrown as { init?: { status?: number } }).init?.status}`;
  }
}

beforeEach(() => stubBrowserStorage());
afterEach(() => vi.unstubAllGlobals());

describe('route guards', () => {
  it('send a signed-out visitor to login, keeping where they were going', async () => {
    expect(await outcome(requireSession(args('/basicConfig/user/roles?page=2')))).toBe(
      'redirect /auth/login?to=%2FbasicConfig%2Fuser%2Froles%3Fpage%3D2',
    );
  });

  it('send a user of several products without a chosen (or still allowed) one to the chooser', async () => {
    const products = [line1, line2];
    signIn({ products, user: { userName: 'planner', currentProduct: null } as CurrentUser });
    expect(await outcome(requireProductChoice(args('/basicConfig/user/roles')))).toBe(
      'redirect /auth/choose?to=%2FbasicConfig%2Fuser%2Froles',
    );
    signIn({
      products,
      user: { userName: 'planner', currentProduct: { id: 'gone', name: 'Old line' } } as CurrentUser,
    });
    expect(await outcome(requireProductChoice(args('/')))).toBe('redirect /auth/choose');
    signIn({ products });
    expect(await outcome(requireProductChoice(args('/')))).toBe('passed');
  });

  it('choose the only product for a user who has one, without the chooser', async () => {
    const chosen = { id: '00000000-0000-4000-8000-000000000001', name: 'Line 1' };
    const user = { id: '00000000-0000-4000-8000-000000000002', userName: 'planner', name: 'Planner', email: null };
    const answer = {
      ...user,
      telephone: null,
      roles: ['planner'],
      isAdmin: false,
      currentClient: { id: '00000000-0000-4000-8000-000000000003', companyName: 'Client' },
      currentProduct: chosen,
      usesDemoPassword: false,
    };
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const only = { ...line1, id: chosen.id, clientId: answer.currentClient.id };
    signIn({ products: [only], user: { userName: 'planner', currentProduct: null } as CurrentUser });
    expect(await outcome(requireProductChoice(args('/')))).toBe('passed');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([init.method, url]).toEqual(['PUT', '/api/client/set-currentUser-productId']);
    expect(JSON.parse(String(init.body))).toEqual({ clientId: only.clientId, productId: only.id });
    expect(loadSession()?.product).toEqual({ activeId: chosen.id, activeName: 'Line 1' });
  });

  it('send a user of one product to the chooser when choosing it for them is refused', async () => {
    const refused = { error: { code: 'product_not_allowed', message: 'Not allowed' } };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(refused), { status: 403, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    signIn({ user: { userName: 'planner', currentProduct: null } as CurrentUser });
    expect(await outcome(requireProductChoice(args('/')))).toBe('redirect /auth/choose');
  });

  it('let nobody choose when there is no product at all', async () => {
    signIn({ products: [], user: { userName: 'admin', currentProduct: null } as CurrentUser });
    expect(await outcome(requireProductChoice(args('/')))).toBe('passed');
  });

  it('answer 403 for a page the user holds no grant for', async () => {
    signIn();
    expect(await outcome(requirePage('basicConfig.user.roles')(args('/basicConfig/user/roles')))).toBe('passed');
    expect(await outcome(requirePage('basicConfig.user.personnel')(args('/basicConfig/user/personnel')))).toBe(
      'status 403',
    );
  });

  it('open a system or menu url at its first page with a screen, or answer 404', async () => {
    signIn();
    expect(await outcome(redirectToFirstPage('/basicConfig')(args('/basicConfig')))).toBe(
      'redirect /basicConfig/user/roles',
    );
    expect(await outcome(redirectToFirstPage('/')(args('/')))).toBe('redirect /basicConfig/user/roles');
    expect(await outcome(redirectToFirstPage('/superAdmin')(args('/superAdmin')))).toBe('status 404');
  });

  it("open `/` at a plant user's dashboard and at a maker's first page", async () => {
    signIn();
    expect(await outcome(redirectHome(args('/')))).toBe('redirect /user/dashboard');
    signIn({ menus: buildMenuTree('en-US', (permission) => /^(superAdmin|basicConfig\.user)/.test(permission)) });
    expect(await outcome(redirectHome(args('/')))).toBe('redirect /basicConfig/user/personnel');
  });

  it('leave `/` to the home view when no page has a screen', async () => {
    signIn({ menus: buildMenuTree('en-US', (permission) => permission.startsWith('superAdmin')) });
    expect(await outcome(redirectToFirstPage('/')(args('/')))).toBe('passed');
    expect(await outcome(redirectHome(args('/')))).toBe('passed');
  });
});

describe('sub-routes that write need their button', () => {
  // The roles page with `update` but without `add`.
  const menus = buildMenuTree(
    'en-US',
    (permission) => permission === 'basicConfig.user.roles' || permission === 'basicConfig.user.roles.update',
  );

  it('maps add and update to their buttons; reading needs only the page', () => {
    expect(['add', 'update/:id', 'detail/:id', 'children/:id'].map(subRouteButton)).toEqual([
      'add',
      'update',
      undefined,
      undefined,
    ]);
  });

  it('opens the list, update and detail, and refuses add and other pages', () => {
    expect(mayOpen(menus, 'basicConfig.user.roles')).toBe(true);
    expect(mayOpen(menus, 'basicConfig.user.roles', 'update/:id')).toBe(true);
    expect(mayOpen(menus, 'basicConfig.user.roles', 'detail/:id')).toBe(true);
    expect(mayOpen(menus, 'basicConfig.user.roles', 'add')).toBe(false);
    expect(mayOpen(menus, 'basicConfig.user.personnel', 'detail/:id')).toBe(false);
  });

  it('answers 403 from the loader of a sub-route without its button', async () => {
    signIn({ menus });
    expect(await outcome(requireGrant('basicConfig.user.roles', 'add')(args('/basicConfig/user/roles/add')))).toBe(
      'status 403',
    );
    expect(
      await outcome(requireGrant('basicConfig.user.roles', 'update/:id')(args('/basicConfig/user/roles/update/1'))),
    ).toBe('passed');
  });
});
