import { eq, inArray } from 'drizzle-orm';
import { clientFromLead } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { clients } from '../../core/crud/resources.table.ts';
import { maintenanceVisits, salesLeads } from './sales.table.ts';
import { productTypes } from '../master-data/master-data.table.ts';
import { spareParts } from '../bom/spare-part.table.ts';
import { isoNow } from '../../core/db/time.ts';
import { DEMO_CONVERTED_CLIENT, DEMO_LEADS, DEMO_VISITS } from './sales.demo.ts';

const DAY_MS = 86_400_000;
/** The calendar day `days` from `time` (demo dates only need to fall near today). */
const dayFrom = (time: string, days: number) => new Date(Date.parse(time) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The sales demo, once: into a database without leads and visits (what users changed or deleted
 * afterwards stays so). Leads at each step, the won one converted into a client, and two maintenance
 * visits with the parts they used. Runs after the master data and the parts library.
 */
export async function seedSales(tx: Tx, time = isoNow()): Promise<void> {
  if ((await tx.$count(salesLeads)) || (await tx.$count(maintenanceVisits))) return;
  const types = await tx.select({ id: productTypes.id, code: productTypes.code }).from(productTypes);
  const typeIds = new Map(types.map((type) => [type.code, type.id]));

  const leads = await tx
    .insert(salesLeads)
    .values(
      DEMO_LEADS.map(({ model, followUpInDays, ...lead }) => ({
        ...lead,
        productTypeId: typeIds.get(model) ?? null,
        nextFollowUp: followUpInDays === null ? null : dayFrom(time, followUpInDays),
        creationTime: time,
      })),
    )
    .returning({
      id: salesLeads.id,
      company: salesLeads.company,
      contact: salesLeads.contact,
      phone: salesLeads.phone,
      region: salesLeads.region,
      remark: salesLeads.remark,
    });
  const won = leads.find((lead) => lead.company === DEMO_CONVERTED_CLIENT.leadCompany);
  if (won) {
    const [client] = await tx
      .insert(clients)
      .values({ code: DEMO_CONVERTED_CLIENT.code, ...clientFromLead(won), creationTime: time })
      .onConflictDoNothing()
      .returning({ id: clients.id });
    // A client of that code already there (made by hand): the lead stays won and unconverted.
    if (client) await tx.update(salesLeads).set({ clientId: client.id }).where(eq(salesLeads.id, won.id));
  }

  const clientRows = await tx
    .select({ id: clients.id, code: clients.code })
    .from(clients)
    .where(inArray(clients.code, [...new Set(DEMO_VISITS.map((visit) => visit.client))]));
  const clientIds = new Map(clientRows.map((row) => [row.code, row.id]));
  const partCodes = [...new Set(DEMO_VISITS.flatMap((visit) => visit.parts.map(([code]) => code)))];
  const parts = await tx
    .select({ id: spareParts.id, code: spareParts.code })
    .from(spareParts)
    .where(inArray(spareParts.code, partCodes));
  const partIds = new Map(parts.map((part) => [part.code, part.id]));
  const visits = DEMO_VISITS.filter((visit) => clientIds.has(visit.client));
  if (!visits.length) return;
  await tx.insert(maintenanceVisits).values(
    visits.map((visit) => ({
      code: visit.code,
      clientId: clientIds.get(visit.client)!,
      equipmentSerial: visit.equipmentSerial,
      visitDate: dayFrom(time, visit.visitInDays),
      technician: visit.technician,
      workDone: visit.workDone,
      partsUsed: visit.parts.flatMap(([code, quantity]) => {
        const id = partIds.get(code);
        return id ? [{ id, quantity }] : [];
      }),
      nextVisitDate: visit.nextVisitInDays === null ? null : dayFrom(time, visit.nextVisitInDays),
      creationTime: time,
    })),
  );
}
