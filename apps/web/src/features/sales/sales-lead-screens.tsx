import { endpointsOf, salesLeadResource } from '@armature/domain';
import { ResourceDetailView } from '../../components/resource/resource-detail.view.tsx';
import { ResourceFormView } from '../../components/resource/resource-form.view.tsx';
import { ResourceListView } from '../../components/resource/resource-list.view.tsx';
import type { ResourceViewConfig } from '../../components/resource/resource-view-config.ts';
import { ConvertLeadButton } from './convert-lead-button.tsx';
import { leadStatusChoices } from './sales-lead-choices.ts';

const ENDPOINT = endpointsOf(salesLeadResource)[0]!;

/** The generic lead screens, the form offering only the workflow's next statuses, the detail the conversion. */
const VIEW: ResourceViewConfig = {
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

export function SalesLeadListView() {
  return <ResourceListView endpoint={ENDPOINT} view={VIEW} hasDetail />;
}

export function SalesLeadFormView() {
  return <ResourceFormView endpoint={ENDPOINT} view={VIEW} />;
}

export function SalesLeadDetailView() {
  return <ResourceDetailView endpoint={ENDPOINT} actions={(lead) => <ConvertLeadButton lead={lead} />} />;
}
