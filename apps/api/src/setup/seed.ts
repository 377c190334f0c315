import { passwordSchema } from '@armature/domain';
import type { DemoMode } from '../config/env.ts';
import type { Db, Tx } from '../core/db/client.ts';
import { seedBom } from '../modules/bom/index.ts';
import { seedEquipment } from '../modules/equipment/index.ts';
import { seedDemoMasterData, seedReferenceMasterData } from '../modules/master-data/index.ts';
import { seedCutPlans, seedDemandOrders } from '../modules/planning/index.ts';
import { seedQualityDemo } from '../modules/quality/index.ts';
import { seedSales } from '../modules/sales/index.ts';
import { seedStockHistory } from '../modules/stock/index.ts';
import { seedMachineCredentials } from '../modules/telemetry/index.ts';
import { adminExists, seedDemoUsers, seedReferenceUsers, type AdminOptions } from '../modules/users/index.ts';
import { referenceVersion } from './reference-version.ts';
import { SetupError } from './setup-error.ts';
import { setupMarks } from './setup-marks.table.ts';

export type SeedOptions = AdminOptions & {
  /** `off`: a production start, reference data only; absent: `on`, the demo on a new database. */
  demo?: DemoMode;
};

/** The `setup_mark` of the demo: `seeded`, `off` (a production start), `existing` (predates the mark). */
const DEMO_MARK = 'demo';
/** The `setup_mark` of the reference data: the `referenceVersion()` of the code that last seeded it. */
export const REFERENCE_MARK = 'reference';

/**
 * Whether this start creates the built-in admin: only when it is missing, with ADMIN_PASSWORD when given
 * (it must pass the rule every user's password passes), else with the documented demo password on a
 * demo database. A new database started with DEMO=off must be given one. A production database (DEMO=off
 * at its first start) never gets the demo password: a plant may delete `admin` and keep admins of its
 * own, and a later start must not bring it back with a password anyone can read in the README.
 */
async function createsAdmin(tx: Tx, options: SeedOptions, demoMark: string | undefined): Promise<boolean> {
  if (await adminExists(tx)) return false;
  if (options.adminPassword !== undefined) {
    if (!passwordSchema.safeParse(options.adminPassword).success) throw new SetupError('adminPasswordWeak');
    return true;
  }
  if (demoMark === 'off') return false;
  if (options.demo === 'off') throw new SetupError('adminPasswordRequired');
  return true;
}

/** Each area's demo records, in dependency order. */
async function seedDemo(tx: Tx): Promise<void> {
  const demoProducts = await seedDemoMasterData(tx);
  await seedDemoUsers(tx, demoProducts);
  await seedStockHistory(tx, demoProducts);
  await seedDemandOrders(tx, demoProducts);
  await seedCutPlans(tx, demoProducts);
  await seedEquipment(tx);
  await seedMachineCredentials(tx);
  await seedBom(tx);
  await seedSales(tx);
  await seedQualityDemo(tx, demoProducts);
}

/**
 * Run at every start. Reference data (roles, the admin, the maker's master data) is created where
 * missing, never overwriting what users changed, once per version of it (`referenceVersion`; a restart
 * of the same version skips it). The demo is decided once per database and marked: seeded on a new
 * database unless the start says DEMO=off, never again after that, so a demo record a user deleted
 * stays deleted and a production database never gets one. One transaction, so a
 * concurrent start of another instance cannot half-seed.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<void> {
  const version = referenceVersion();
  await db.transaction(async (tx) => {
    const marks = new Map((await tx.select().from(setupMarks)).map((mark) => [mark.name, mark.value]));
    const withAdmin = await createsAdmin(tx, options, marks.get(DEMO_MARK));
    // A restart of the same version has seeded all of it already; the admin is still re-created when missing.
    if (marks.get(REFERENCE_MARK) === version && marks.has(DEMO_MARK) && !withAdmin) return;
    await seedReferenceMasterData(tx);
    await seedReferenceUsers(tx, { adminPassword: options.adminPassword, withAdmin });
    await tx
      .insert(setupMarks)
      .values({ name: REFERENCE_MARK, value: version })
      .onConflictDoUpdate({ target: setupMarks.name, set: { value: version } });
    if (marks.has(DEMO_MARK)) return;
    const wanted = options.demo !== 'off';
    if (wanted) await seedDemo(tx);
    await tx.insert(setupMarks).values({ name: DEMO_MARK, value: wanted ? 'seeded' : 'off' });
  });
}
