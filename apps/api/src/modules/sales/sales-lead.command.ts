import { eq } from 'drizzle-orm';
import {
  SALES_LEAD_STATUS_LABELS,
  clientCodeForLead,
  clientFromLead,
  clientResource,
  isSalesLeadMove,
  type SalesLeadStatus,
} from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { clients } from '../../core/crud/resources.table.ts';
import { salesLeads } from './sales.table.ts';
import { resourceQuery } from '../../core/crud/resource-query.ts';
import { duplicateError, onUniqueViolation } from '../../core/db/db-errors.ts';
import { isoNow, withIsoAudit } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';

/**
 * 409 `sales_lead_transition` unless `to` is a step of the lead workflow from `from` (a new lead starts
 * from `new`: it may be entered already contacted, or lost, never won).
 */
export function checkLeadMove(from: SalesLeadStatus, to: SalesLeadStatus): void {
  if (!isSalesLeadMove(from, to))
    throw new AppError('sales_lead_transition', {
      from: SALES_LEAD_STATUS_LABELS[from],
      to: SALES_LEAD_STATUS_LABELS[to],
    });
}

/**
 * Turns a won lead into a client (its company, contact, telephone and region), records the client on
 * the lead and answers it as `GET /api/client/{id}` would. The lead row is locked first, so two
 * conversions of one lead take turns and the second finds it converted (409 `sales_lead_converted`).
 */
export async function convertLead(tx: Tx, userId: string, leadId: string, code?: string) {
  const [lead] = await tx.select().from(salesLeads).where(eq(salesLeads.id, leadId)).for('update');
  if (!lead) throw new AppError('not_found');
  if (lead.clientId) {
    const [client] = await tx.select({ code: clients.code }).from(clients).where(eq(clients.id, lead.clientId));
    throw new AppError('sales_lead_converted', { client: client?.code ?? '' });
  }
  if (lead.status !== 'won')
    throw new AppError('sales_lead_not_won', { status: SALES_LEAD_STATUS_LABELS[lead.status] });

  const clientCode = code ?? clientCodeForLead(lead.id);
  const time = isoNow();
  const [created] = await tx
    .insert(clients)
    .values({ code: clientCode, ...clientFromLead(lead), creatorId: userId, creationTime: time })
    .returning({ id: clients.id })
    .catch(
      onUniqueViolation(() =>
        duplicateError([{ name: 'code', label: clientResource.fields.code.label, value: clientCode }]),
      ),
    );
  const clientId = String(created?.id);
  await tx
    .update(salesLeads)
    .set({ clientId, lastModifierId: userId, lastModificationTime: time })
    .where(eq(salesLeads.id, lead.id));
  const query = resourceQuery(clientResource);
  const [client] = (await query.selectItems(tx).where(eq(query.table.id, clientId))) as {
    creationTime: string;
    lastModificationTime: string | null;
  }[];
  return withIsoAudit(client!);
}
