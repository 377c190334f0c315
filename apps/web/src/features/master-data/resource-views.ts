import type { ResourceName } from '@armature/domain';
import type { ResourceViewConfig } from '../../components/resource/resource-view-config.ts';

/**
 * What the generic screens of each resource show beyond its definition. Empty means the defaults:
 * every field not `hiddenInList` as a column, then the creation time; the form two or three fields a row.
 */
export const RESOURCE_VIEWS = {
  technique: {},
  inspectionType: { hiddenColumns: ['unit'] },
  productType: {},
  partType: {},
  client: { hiddenColumns: ['legalRepresentative', 'companyAddress'], wideFields: ['companyAddress'] },
  product: {},
  rebarMaterial: { hiddenColumns: ['standard'] },
  rebar: { columns: ['name', 'grade', 'diameter', 'unitWeight', 'rebarMaterialId', 'stockLengths', 'creationTime'] },
  productSetting: { wideFields: ['stockLengths'] },
  // The sales centre's resources (features/sales overrides the lead screens).
  salesLead: {},
  maintenanceVisit: {},
} as const satisfies Record<ResourceName, ResourceViewConfig>;
