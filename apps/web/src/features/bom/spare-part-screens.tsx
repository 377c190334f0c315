import { endpointsOf, sparePartResource } from '@armature/domain';
import { ResourceFormView } from '../../components/resource/resource-form.view.tsx';
import { ResourceListView } from '../../components/resource/resource-list.view.tsx';
import type { ResourceViewConfig } from '../../components/resource/resource-view-config.ts';

export const SPARE_PART_ENDPOINT = endpointsOf(sparePartResource)[0]!;

/** The parts library's list and forms are the generic resource screens; its detail page is the BOM centre's own. */
const VIEW: ResourceViewConfig = {
  columns: ['code', 'name', 'partTypeId', 'specification', 'material', 'unit', 'figureNo', 'unitPrice', 'weight'],
  hiddenColumns: ['material', 'figureNo'],
  wideFields: ['description'],
};

export function SparePartListView() {
  return <ResourceListView endpoint={SPARE_PART_ENDPOINT} view={VIEW} hasDetail />;
}

export function SparePartFormView() {
  return <ResourceFormView endpoint={SPARE_PART_ENDPOINT} view={VIEW} />;
}
