import { workflow } from '../core/workflow.ts';

/** A sales lead's life: new → contacted → quoted → won or lost (lost from any open status). */
export const SALES_LEAD_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
export type SalesLeadStatus = (typeof SALES_LEAD_STATUSES)[number];

export const SALES_LEAD_STATUS_LABELS = {
  new: { 'zh-CN': '新线索', 'en-US': 'New', 'fr-FR': 'Nouvelle' },
  contacted: { 'zh-CN': '已联系', 'en-US': 'Contacted', 'fr-FR': 'Contactée' },
  quoted: { 'zh-CN': '已报价', 'en-US': 'Quoted', 'fr-FR': 'Devis envoyé' },
  won: { 'zh-CN': '赢单', 'en-US': 'Won', 'fr-FR': 'Gagnée' },
  lost: { 'zh-CN': '丢单', 'en-US': 'Lost', 'fr-FR': 'Perdue' },
} as const;

export type SalesLeadAction = 'contact' | 'quote' | 'win' | 'lose';

export const salesLeadWorkflow = workflow<SalesLeadStatus, SalesLeadAction>({
  new: { contact: 'contacted', lose: 'lost' },
  contacted: { quote: 'quoted', lose: 'lost' },
  quoted: { win: 'won', lose: 'lost' },
  won: {},
  lost: {},
});

/** Whether an edit may move a lead from `from` to `to` (staying put is always allowed). */
export function isSalesLeadMove(from: SalesLeadStatus, to: SalesLeadStatus): boolean {
  return from === to || salesLeadWorkflow.actionsIn(from).some((action) => salesLeadWorkflow.next(from, action) === to);
}
