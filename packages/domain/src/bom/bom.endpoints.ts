import { workflowAction } from '../core/endpoint.ts';
import { BOM_PERMISSIONS } from './bom.menu.ts';
import { designBomSchema } from './bom.schema.ts';

/** A design BOM version's workflow actions; each answers the version's header (not its tree). */
export const DESIGN_BOM_ACTION_ENDPOINTS = {
  /** Draft → released (frozen); the version of the code released before becomes obsolete. */
  release: workflowAction('designBOM', 'release', {
    access: BOM_PERMISSIONS.designRelease,
    response: designBomSchema,
  }),
};
