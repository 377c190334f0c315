import { Link } from 'react-router';
import {
  QUALITY_PERMISSIONS,
  RECEIPT_PERMISSIONS,
  TASK_PERMISSIONS,
  pageUrlOf,
  type Inspection,
  machineLabel,
} from '@armature/domain';

export const RECEIPT_DETAIL = `${pageUrlOf(RECEIPT_PERMISSIONS.read)}/detail`;
export const INSPECTION_DETAIL = `${pageUrlOf(QUALITY_PERMISSIONS.read)}/detail`;
export const TASK_DETAIL = `${pageUrlOf(TASK_PERMISSIONS.read)}/detail`;

/** The receipt or the task an inspection was recorded on, linking to its detail page. */
export function InspectionSource({ inspection }: { inspection: Pick<Inspection, 'receipt' | 'task'> }) {
  if (inspection.receipt)
    return <Link to={`${RECEIPT_DETAIL}/${inspection.receipt.id}`}>{inspection.receipt.code}</Link>;
  if (inspection.task) return <Link to={`${TASK_DETAIL}/${inspection.task.id}`}>{inspection.task.code}</Link>;
  return '—';
}

export const machineName = (equipment: Inspection['equipment']) => (equipment ? machineLabel(equipment) : '—');
