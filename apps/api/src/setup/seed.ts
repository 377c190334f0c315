import type { Db } from '../core/db/client.ts';
import { seedBom } from '../modules/bom/index.ts';
import { seedEquipment } from '../modules/equipment/index.ts';
import { seedMasterData } from '../modules/master-data/index.ts';
import { seedCutPlans, seedDemandOrders } from '../modules/planning/index.ts';
import { seedQualityDemo } from '../modules/quality/index.ts';
import { seedSales } from '../modules/sales/index.ts';
import { seedStockHistory } from '../modules/stock/index.ts';
import { seedMachineCredentials } from '../modules/telemetry/index.ts';
import { seedUsers, type DemoUserOptions } from '../modules/users/index.ts';

export type SeedOptions = DemoUserOptions;

/**
 * Demo data, run at every start: creates only what is missing, never overwrites what users changed
 * (a renamed client, a planner whose grants were edited, a changed password). Each area seeds its own
 * records, in dependency order; one transaction, so
 * a concurrent start of another instance cannot half-seed.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    const demoProducts = await seedMasterData(tx);
    await seedUsers(tx, options, demoProducts);
    await seedStockHistory(tx, demoProducts);
    await seedDemandOrders(tx, demoProducts);
    await seedCutPlans(tx, demoProducts);
    await seedEquipment(tx);
    await seedMachineCredentials(tx);
    await seedBom(tx);
    await seedSales(tx);
    await seedQualityDemo(tx, demoProducts);
  });
}
