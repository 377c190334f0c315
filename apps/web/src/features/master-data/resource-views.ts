import type { ResourceViewConfig } from '../../components/resource/resource-view-config.ts';

/**
 * What the generic screens of master-data resources show beyond their definition, by resource name.
 * A resource not named here takes the defaults: every field not `hiddenInList` as a column, then the
 * creation time; the form two or three fields a row.
 */
export const MASTER_DATA_VIEWS: Readonly<Record<string, ResourceViewConfig>> = {
  inspectionType: { hiddenColumns: ['unit'] },
  client: { hiddenColumns: ['legalRepresentative', 'companyAddress'], wideFields: ['companyAddress'] },
  rebarMaterial: { hiddenColumns: ['standard'] },
  rebar: { columns: ['name', 'grade', 'diameter', 'unitWeight', 'rebarMaterialId', 'stockLengths', 'creationTime'] },
  productSetting: { wideFields: ['stockLengths'] },
};
