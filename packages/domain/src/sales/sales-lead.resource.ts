import { z } from 'zod';
import { codeSchema } from '../core/common.schema.ts';
import { defineResource, type ItemOf } from '../core/resources/define-resource.ts';
import type { Localized } from '../core/i18n/locales.ts';
import { SALES_LEAD_STATUS_LABELS } from './sales-lead-status.ts';

const text = (max: number, label: Localized) => ({ kind: 'text', max, label }) as const;

/** Where a lead came from. */
export const SALES_LEAD_SOURCE_LABELS = {
  exhibition: { 'zh-CN': '展会', 'en-US': 'Trade fair', 'fr-FR': 'Salon' },
  referral: { 'zh-CN': '客户推荐', 'en-US': 'Referral', 'fr-FR': 'Recommandation' },
  website: { 'zh-CN': '官网', 'en-US': 'Website', 'fr-FR': 'Site web' },
  phone: { 'zh-CN': '来电', 'en-US': 'Phone call', 'fr-FR': 'Appel entrant' },
  visit: { 'zh-CN': '上门拜访', 'en-US': 'Sales visit', 'fr-FR': 'Visite commerciale' },
  other: { 'zh-CN': '其他', 'en-US': 'Other', 'fr-FR': 'Autre' },
} as const satisfies Record<string, Localized>;

/**
 * A prospective plant the maker's sales staff follow (销售线索; global, maker-side). Its status moves
 * along `salesLeadWorkflow` only; a won lead is converted into a client (`POST /api/salesLead/{id}/convert`),
 * which the server records in the read-only `clientId`.
 */
export const salesLeadResource = defineResource({
  name: 'salesLead',
  label: { 'zh-CN': '销售线索', 'en-US': 'Sales leads', 'fr-FR': 'Pistes commerciales' },
  path: 'salesLead',
  aliases: ['salesClue'],
  page: 'superAdmin.salesCenter.salesClue',
  // The maker's sales pipeline: its options are for those who read the leads, never a client's users.
  optionsAccess: 'superAdmin.salesCenter.salesClue',
  table: 'sales_leads',
  scope: 'global',
  fields: {
    company: {
      kind: 'text',
      max: 128,
      required: true,
      label: { 'zh-CN': '公司名称', 'en-US': 'Company', 'fr-FR': 'Entreprise' },
    },
    contact: text(64, { 'zh-CN': '联系人', 'en-US': 'Contact', 'fr-FR': 'Contact' }),
    phone: { kind: 'telephone', label: { 'zh-CN': '联系电话', 'en-US': 'Telephone', 'fr-FR': 'Téléphone' } },
    region: text(64, { 'zh-CN': '地区', 'en-US': 'Region', 'fr-FR': 'Région' }),
    source: {
      kind: 'enum',
      options: SALES_LEAD_SOURCE_LABELS,
      default: 'other',
      label: { 'zh-CN': '线索来源', 'en-US': 'Source', 'fr-FR': 'Origine' },
    },
    // The machine model catalogue: what the maker sells, so what a lead asks about.
    productTypeId: {
      kind: 'reference',
      to: 'productType',
      label: { 'zh-CN': '意向设备型号', 'en-US': 'Model of interest', 'fr-FR': 'Modèle souhaité' },
    },
    status: {
      kind: 'enum',
      options: SALES_LEAD_STATUS_LABELS,
      default: 'new',
      label: { 'zh-CN': '状态', 'en-US': 'Status', 'fr-FR': 'Statut' },
    },
    nextFollowUp: {
      kind: 'date',
      label: { 'zh-CN': '下次跟进日期', 'en-US': 'Next follow-up', 'fr-FR': 'Prochaine relance' },
    },
    owner: text(64, { 'zh-CN': '负责人', 'en-US': 'Owner', 'fr-FR': 'Responsable' }),
    remark: {
      kind: 'text',
      max: 512,
      multiline: true,
      hiddenInList: true,
      label: { 'zh-CN': '备注', 'en-US': 'Remarks', 'fr-FR': 'Remarques' },
    },
    // Set by the conversion, never by a form.
    clientId: {
      kind: 'reference',
      to: 'client',
      readOnly: true,
      label: { 'zh-CN': '转化客户', 'en-US': 'Converted to client', 'fr-FR': 'Client créé' },
    },
  },
  labelField: 'company',
  displayField: 'company',
  unique: [],
  defaultSort: ['nextFollowUp', 'company'],
});

export type SalesLead = ItemOf<typeof salesLeadResource>;

/** `POST /api/salesLead/{id}/convert`: the new client's code; generated from the lead when absent (or no body). */
export const salesLeadConvertSchema = z.object({ code: codeSchema.optional() });
export type SalesLeadConvertInput = z.infer<typeof salesLeadConvertSchema>;

/** The code a converted lead's client gets when none is given: stable per lead, so a retry finds the same. */
export function clientCodeForLead(leadId: string): string {
  return `LEAD-${leadId.replace(/-/g, '').slice(0, 10).toUpperCase()}`;
}

/** The client a won lead becomes: its company, contact and telephone; the region as the address. */
export function clientFromLead(lead: Pick<SalesLead, 'company' | 'contact' | 'phone' | 'region' | 'remark'>) {
  return {
    companyName: lead.company,
    legalRepresentative: lead.contact,
    telephone: lead.phone,
    companyAddress: lead.region,
    description: lead.remark,
  };
}
