import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app.ts';
import { users } from '../src/core/auth/users.table.ts';
import { rolePermissions, roles, userPermissions } from '../src/core/auth/roles.table.ts';
import { clients } from '../src/core/crud/resources.table.ts';
import { techniques } from '../src/modules/master-data/master-data.table.ts';
import { MIGRATIONS_FOLDER } from '../src/core/db/migrate.ts';
import { prepareDatabase } from '../src/setup/prepare.ts';
import { REFERENCE_SOURCES, referenceVersion } from '../src/setup/reference-version.ts';
import { REFERENCE_MARK } from '../src/setup/seed.ts';
import { SetupError } from '../src/setup/setup-error.ts';
import { setupMarks } from '../src/setup/setup-marks.table.ts';
import { login, loginAs } from './helpers/auth.ts';
import { openTestDatabase, testConfig, testDatabases, useTestApp } from './helpers/test-app.ts';
import { userSchema } from '@armature/domain';
import { answerOf, pageOf, withId } from './helpers/inject.ts';

type Opened = Awaited<ReturnType<typeof openTestDatabase>>;
const opened: Opened[] = [];
async function emptyDatabase(kind: Parameters<typeof openTestDatabase>[0]): Promise<Opened> {
  const database = await openTestDatabase(kind);
  opened.push(database);
  return database;
}
afterAll(async () => {
  for (const database of opened) {
    await database.handle.close();
    await database.drop();
  }
});

const STRONG = 'Plant-Admin-2027';
/** These tests migrate empty databases from the first migration: long on a loaded machine. */
const MIGRATING = { timeout: 300_000 };
const demoMark = async (database: Opened) =>
  (await database.handle.db.select().from(setupMarks).where(eq(setupMarks.name, 'demo')))[0]?.value;
const countOf = async (database: Opened, table: typeof users | typeof clients | typeof roles | typeof techniques) =>
  Number((await database.handle.db.select({ value: count() }).from(table))[0]!.value);

/** Rejects with the SetupError of `key`, whatever the shell's language made of its message. */
async function expectRefusal(work: Promise<unknown>, key: SetupError['key']) {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SetupError);
  expect((error as SetupError).key).toBe(key);
  return error as SetupError;
}

describe.each(testDatabases())('a production start (DEMO=off), on %s', (kind) => {
  it(
    'seeds reference data and the admin with ADMIN_PASSWORD, and never the demo, even when started later with it',
    MIGRATING,
    async () => {
      const database = await emptyDatabase(kind);
      await prepareDatabase(database.handle, { adminPassword: STRONG, demo: 'off' });
      expect(await demoMark(database)).toBe('off');
      expect(await countOf(database, clients)).toBe(0);
      expect(await countOf(database, users)).toBe(1);
      // The admin role and the maker's five template roles (planner, stockKeeper, operator, inspector,
      // shiftLead); the maker's techniques.
      expect(await countOf(database, roles)).toBe(6);
      expect(await countOf(database, techniques)).toBeGreaterThan(0);

      // A later start without DEMO=off (the default) adds nothing.
      await prepareDatabase(database.handle, { adminPassword: undefined });
      expect(await countOf(database, clients)).toBe(0);
      expect(await countOf(database, users)).toBe(1);

      const app = await buildApp({ db: database.handle.db, dbKind: kind, config: testConfig });
      try {
        expect((await login(app, 'admin', 'Armature2026')).statusCode).toBe(401);
        const admin = await loginAs(app, 'admin', STRONG);
        const listed = await app.inject({ method: 'GET', url: '/api/users?maxResultCount=100', headers: admin });
        expect(answerOf(listed, pageOf(userSchema)).items.map((user) => user.userName)).toEqual(['admin']);
        expect((await login(app, 'planner', 'Planner2026')).statusCode).toBe(401);

        // The plant's own admin deletes the built-in one: no later start brings it back with the demo password.
        const own = await app.inject({
          method: 'POST',
          url: '/api/users',
          headers: admin,
          payload: { userName: 'jane', name: 'Jane', password: 'Jane-Admin-2027', roleNames: ['admin'] },
        });
        expect(own.statusCode, own.body).toBe(201);
        const builtIn = answerOf(listed, pageOf(userSchema)).items[0]!.id;
        const jane = await loginAs(app, 'jane', 'Jane-Admin-2027');
        const deleted = await app.inject({ method: 'DELETE', url: `/api/users/${builtIn}`, headers: jane });
        expect(deleted.statusCode).toBe(204);
        await prepareDatabase(database.handle, { adminPassword: undefined });
        await prepareDatabase(database.handle, { adminPassword: undefined, demo: 'off' });
        expect((await login(app, 'admin', 'Armature2026')).statusCode).toBe(401);
        expect(await countOf(database, users)).toBe(1);
        // ADMIN_PASSWORD is how an operator brings it back.
        await prepareDatabase(database.handle, { adminPassword: 'Recovered-2027', demo: 'off' });
        expect((await login(app, 'admin', 'Recovered-2027')).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    },
  );

  it('refuses a new database without ADMIN_PASSWORD, or with a weak one, and writes nothing', MIGRATING, async () => {
    const database = await emptyDatabase(kind);
    const missing = await expectRefusal(
      prepareDatabase(database.handle, { adminPassword: undefined, demo: 'off' }),
      'adminPasswordRequired',
    );
    expect(missing.message).toContain('ADMIN_PASSWORD');
    for (const weak of ['qwertyui', '12345678', 'Ab1']) {
      const refused = await expectRefusal(
        prepareDatabase(database.handle, { adminPassword: weak, demo: 'off' }),
        'adminPasswordWeak',
      );
      expect(refused.message).not.toContain(weak);
    }
    // A weak ADMIN_PASSWORD is refused for the demo's admin too.
    await expectRefusal(prepareDatabase(database.handle, { adminPassword: 'abcdefgh' }), 'adminPasswordWeak');
    expect(await countOf(database, users)).toBe(0);
    expect(await countOf(database, roles)).toBe(0);
    expect(await demoMark(database)).toBeUndefined();
  });
});

describe.each(testDatabases())('the demo, on %s', (kind) => {
  const ctx = useTestApp(kind);

  it('is seeded once: demo records users deleted stay deleted at the next start', async () => {
    expect(await demoMark({ handle: ctx.handle, drop: async () => {} })).toBe('seeded');
    const admin = await loginAs(ctx.app, 'admin');
    // Before the mark, a start re-seeded the sales demo into tables users had emptied.
    const ids = async (resource: string) =>
      answerOf(
        await ctx.app.inject({ method: 'GET', url: `/api/${resource}?maxResultCount=100`, headers: admin }),
        pageOf(withId),
      ).items.map((item) => item.id);
    for (const resource of ['maintenanceVisit', 'salesLead']) {
      const demo = await ids(resource);
      expect(demo.length, resource).toBeGreaterThan(0);
      for (const id of demo)
        expect(
          (await ctx.app.inject({ method: 'DELETE', url: `/api/${resource}/${id}`, headers: admin })).statusCode,
        ).toBe(204);
    }

    await prepareDatabase(ctx.handle, { adminPassword: undefined });
    expect(await ids('maintenanceVisit')).toEqual([]);
    expect(await ids('salesLead')).toEqual([]);
  });
});

describe.each(testDatabases())('the reference data, on %s', (kind) => {
  const ctx = useTestApp(kind);
  const referenceMark = async () =>
    (await ctx.handle.db.select().from(setupMarks).where(eq(setupMarks.name, REFERENCE_MARK)))[0]?.value;
  const plannerRoles = async () =>
    ctx.handle.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.name, 'planner'), isNull(roles.clientId)));

  it('is seeded once per version: a restart of the same version skips it, a release that changed it applies it', async () => {
    await prepareDatabase(ctx.handle, { adminPassword: undefined });
    expect(await referenceMark()).toBe(referenceVersion());
    // A reference record gone (renamed here): the seed would create it again, and a restart does not run it.
    const [planner] = await plannerRoles();
    await ctx.handle.db.update(roles).set({ name: 'planner-renamed' }).where(eq(roles.id, planner!.id));
    await prepareDatabase(ctx.handle, { adminPassword: undefined });
    expect(await plannerRoles()).toEqual([]);

    // Seeded by a version whose reference data differed: this start applies this version's, once.
    await ctx.handle.db
      .update(setupMarks)
      .set({ value: 'an-older-version' })
      .where(eq(setupMarks.name, REFERENCE_MARK));
    await prepareDatabase(ctx.handle, { adminPassword: undefined });
    expect(await plannerRoles()).toHaveLength(1);
    expect(await referenceMark()).toBe(referenceVersion());
  });
});

describe('the reference data version', () => {
  it('changes with any file it is made of', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'armature-reference-'));
    const files = ['a.ts', 'b.json'].map((name) => path.join(folder, name));
    for (const file of files) writeFileSync(file, `// ${file}`);
    const before = referenceVersion(files);
    expect(referenceVersion(files)).toBe(before);
    writeFileSync(files[1]!, '{"entries": []}');
    expect(referenceVersion(files)).not.toBe(before);
    expect(before).toHaveLength(40);
    rmSync(folder, { recursive: true });
    // The code's own: every file it names exists (reading one that does not would fail every start).
    expect(referenceVersion(REFERENCE_SOURCES)).toHaveLength(40);
  });
});

/** A copy of the migrations up to, not including, the one tagged `first`: what an older version shipped. */
function migrationsBefore(first: string): { folder: string; kept: number } {
  const folder = mkdtempSync(path.join(tmpdir(), 'armature-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const kept = journal.entries.findIndex((entry) => entry.tag === first);
  if (kept < 0) throw new Error(`no migration ${first}`);
  journal.entries = journal.entries.slice(0, kept);
  writeFileSync(journalFile, JSON.stringify(journal));
  return { folder, kept };
}

describe.each(testDatabases())('upgrades, on %s', (kind) => {
  const folders: string[] = [];
  let migrateWith: (database: Opened, folder: string) => Promise<void>;
  beforeAll(() => {
    migrateWith = (database, migrationsFolder) =>
      database.handle.kind === 'pglite'
        ? migratePglite(database.handle.db as PgliteDatabase, { migrationsFolder })
        : migratePg(database.handle.db as NodePgDatabase, { migrationsFolder });
  });
  afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  const appliedMigrations = async (database: Opened) =>
    Number(
      (
        (await database.handle.db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );

  it('migrates a database of an older version, which keeps what it has and gets no demo', MIGRATING, async () => {
    const database = await emptyDatabase(kind);
    // A version from before the setup mark: its database has users and no mark, so the upgrade must tell
    // it from a new one (it then also takes every migration since, on a database that holds data).
    const older = migrationsBefore('0017_setup_marks');
    folders.push(older.folder);
    await migrateWith(database, older.folder);
    const known = (
      JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      }
    ).entries.length;
    expect(await appliedMigrations(database)).toBe(older.kept);
    // The older version's data: a user of the plant.
    await database.handle.db.insert(users).values({ userName: 'legacy', name: 'Legacy', passwordHash: 'x' });

    await prepareDatabase(database.handle, { adminPassword: undefined });
    expect(await appliedMigrations(database)).toBe(known);
    expect(await demoMark(database)).toBe('existing');
    expect(await countOf(database, clients)).toBe(0);
    const names = (await database.handle.db.select({ userName: users.userName }).from(users)).map((u) => u.userName);
    expect(names.sort()).toEqual(['admin', 'legacy']);
  });

  it('makes each offcut row kept before lots a lot of heat unknown, the ledger untouched', MIGRATING, async () => {
    const database = await emptyDatabase(kind);
    const older = migrationsBefore('0027_offcut_lots');
    folders.push(older.folder);
    await migrateWith(database, older.folder);
    const db = database.handle.db;
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    // The older version's offcuts: four 3 m Φ12 tails, kept by hand on 1 October, one ledger row.
    const [client] = await rows(sql`insert into clients (code, company_name) values ('OLD', 'Old plant') returning id`);
    const [product] = await rows(
      sql`insert into products (code, name, client_id) values ('L1', 'Line', ${client!.id}) returning id`,
    );
    const scope = sql`${client!.id}, ${product!.id}`;
    const [rebar] = await rows(
      sql`insert into rebars (name, grade, diameter, client_id, product_id) values ('HRB400E Φ12', 'HRB400E', 12, ${scope}) returning id`,
    );
    const [tail] = await rows(
      sql`insert into stock (client_id, product_id, kind, rebar_id, length, quantity, weight_grams, log_count, creation_time)
          values (${scope}, 'tail', ${rebar!.id}, 3000, 4, 10656, 1, '2026-10-01T02:00:00Z') returning id`,
    );
    await db.execute(
      sql`insert into stock_log (client_id, product_id, stock_id, kind, direction, rebar_id, length, quantity, weight_grams,
            balance_after, balance_weight_grams_after, reason, source_type, source_code)
          values (${scope}, ${tail!.id}, 'tail', 'in', ${rebar!.id}, 3000, 4, 10656, 4, 10656, 'production', 'manual', 'MV20261001-0001')`,
    );
    const ledger = sql`select id, seq, stock_id, kind, direction, length, quantity, weight_grams, balance_after, reason, source_code from stock_log order by seq`;
    const before = await rows(ledger);

    await prepareDatabase(database.handle, { adminPassword: STRONG, demo: 'off' });
    const [lot] = await rows(sql`select code, heat_nos, task_id, length from offcut_lot where id = ${tail!.id}`);
    expect(lot).toEqual({ code: 'OC20261001-0001', heat_nos: [], task_id: null, length: 3000 });
    const [row] = await rows(sql`select lot_id, quantity from stock where id = ${tail!.id}`);
    expect(row).toEqual({ lot_id: tail!.id, quantity: 4 });
    expect(await rows(ledger)).toEqual(before);
  });

  it(
    'gives re-planning to every role and user that could dispatch, on a database that predates it',
    MIGRATING,
    async () => {
      const database = await emptyDatabase(kind);
      const older = migrationsBefore('0034_replan_permission');
      folders.push(older.folder);
      await migrateWith(database, older.folder);
      const db = database.handle.db;
      const DISPATCH = 'intelligentProcess.taskCenter.task.dispatch';
      const REPLAN = 'intelligentProcess.taskCenter.task.replan';
      // The older version's grants: a client's own role and a user that dispatch, a role that does not,
      // and the maker's planner template role (which dispatches in no version).
      const [client] = await db
        .insert(clients)
        .values({ code: 'OLD', companyName: 'Old plant' })
        .returning({ id: clients.id });
      const clientId = client!.id as string;
      const [dispatcher, operator, planner] = await db
        .insert(roles)
        .values([
          { name: 'dispatcher', clientId },
          { name: 'operator', clientId },
          { name: 'planner', clientId: null },
        ])
        .returning();
      await db.insert(rolePermissions).values([
        { roleId: dispatcher!.id, name: DISPATCH },
        { roleId: operator!.id, name: 'intelligentProcess.taskCenter.task.start' },
      ]);
      const [lead, worker] = await db
        .insert(users)
        .values([
          { userName: 'lead', name: 'Lead', passwordHash: 'x' },
          { userName: 'worker', name: 'Worker', passwordHash: 'x' },
        ])
        .returning();
      await db.insert(userPermissions).values([
        { userId: lead!.id, name: DISPATCH },
        { userId: worker!.id, name: 'intelligentProcess.taskCenter.task.start' },
      ]);

      const through = migrationsBefore('0035_replan_on_fault');
      folders.push(through.folder);
      await migrateWith(database, through.folder);
      expect(await appliedMigrations(database)).toBe(older.kept + 1);
      const replanRoles = await db
        .select({ roleId: rolePermissions.roleId })
        .from(rolePermissions)
        .where(eq(rolePermissions.name, REPLAN));
      expect(replanRoles.map((row) => row.roleId).sort()).toEqual([dispatcher!.id, planner!.id].sort());
      const replanUsers = await db
        .select({ userId: userPermissions.userId })
        .from(userPermissions)
        .where(eq(userPermissions.name, REPLAN));
      expect(replanUsers.map((row) => row.userId)).toEqual([lead!.id]);
      // Dispatch itself stays where it was.
      expect(await db.$count(rolePermissions, eq(rolePermissions.name, DISPATCH))).toBe(1);
      expect(await db.$count(userPermissions, eq(userPermissions.name, DISPATCH))).toBe(1);
    },
  );

  it('refuses to start an older version on a database a newer one migrated, changing nothing', MIGRATING, async () => {
    const database = await emptyDatabase(kind);
    await prepareDatabase(database.handle, { adminPassword: STRONG, demo: 'off' });
    // A migration this version does not ship, applied by a newer one.
    const newer = Date.now() + 86_400_000;
    await database.handle.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${newer})`,
    );
    const applied = await appliedMigrations(database);
    const refused = await expectRefusal(
      prepareDatabase(database.handle, { adminPassword: undefined }),
      'databaseNewer',
    );
    expect(refused.params.applied).toBe(new Date(newer).toISOString());
    expect(refused.message).toContain(new Date(newer).toISOString());
    expect(await appliedMigrations(database)).toBe(applied);
    expect(await countOf(database, users)).toBe(1);
  });
});
