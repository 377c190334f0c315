import { endpointsOf, sparePartResource } from '@armature/domain';
import type { ResourceViewConfig } from '../../components/resource/resource-view-config.ts';

export const SPARE_PART_ENDPOINT = endpointsOf(sparePartResource)[0]!;

/** The parts library's list and forms are the generic resource screens; its detail page is the BOM centre's own. */
export const SPARE_PART_VIEW: ResourceViewConfig = {
  columns: ['code', 'name', 'partTypeId', 'specification', 'material', 'unit', 'figureNo', 'unitPrice', 'weight'],
  hiddenColumns: ['material', 'figureNo'],
  wideFields: ['description'],
};
