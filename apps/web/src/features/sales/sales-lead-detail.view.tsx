import { endpointsOf, salesLeadResource } from '@armature/domain';
import { ResourceDetailView } from '../../components/resource/resource-detail.view.tsx';
import { ConvertLeadButton } from './convert-lead-button.tsx';

const ENDPOINT = endpointsOf(salesLeadResource)[0]!;

/** A lead's detail: the generic one, with the conversion of a won lead into a client. */
export default function SalesLeadDetailView() {
  return <ResourceDetailView endpoint={ENDPOINT} actions={(lead) => <ConvertLeadButton lead={lead} />} />;
}
