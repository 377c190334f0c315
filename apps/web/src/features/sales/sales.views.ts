import type { ResourceViewConfig } from '../../components/resource/resource-view-config.ts';
import { leadStatusChoices } from './sales-lead-choices.ts';

/** The lead list's columns; the form offers only the workflow's next statuses. */
export const SALES_LEAD_VIEW: ResourceViewConfig = {
  columns: [
    'company',
    'contact',
    'phone',
    'region',
    'source',
    'productTypeId',
    'status',
    'nextFollowUp',
    'owner',
    'clientId',
  ],
  hiddenColumns: ['region', 'clientId'],
  choices: { status: (record) => leadStatusChoices(record?.status) },
};
