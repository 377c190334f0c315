import { SALES_LEAD_STATUSES, isSalesLeadMove, type SalesLeadStatus } from '@armature/domain';

/** The statuses a lead's form offers: where it is and its next steps; a new lead starts from `new`. */
export function leadStatusChoices(current: unknown): SalesLeadStatus[] {
  const from = (SALES_LEAD_STATUSES as readonly unknown[]).includes(current) ? (current as SalesLeadStatus) : 'new';
  return SALES_LEAD_STATUSES.filter((status) => isSalesLeadMove(from, status));
}

/** A lead the convert button is offered on: won and not yet a client. */
export function isConvertible(lead: Record<string, unknown>): boolean {
  return lead.status === 'won' && !lead.clientId;
}
