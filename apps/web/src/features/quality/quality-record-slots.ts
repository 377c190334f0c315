import { lazy } from 'react';
import type { Slots } from '../../components/feature-slots.tsx';

/** What the quality feature shows in other screens (receipt, task, operator's phone), each loaded with its chunk. */
export const qualitySlots: Slots = {
  receiptQualityStatus: lazy(async () => ({ default: (await import('./quality-tags.tsx')).QualityStatusTag })),
  receiptActions: lazy(() => import('./receipt-quality-actions.tsx')),
  receiptInspections: lazy(async () => ({ default: (await import('./quality-record-table.tsx')).ReceiptRecords })),
  receiptCertificates: lazy(() => import('./receipt-certificates.tsx')),
  taskInspections: lazy(async () => ({ default: (await import('./quality-record-table.tsx')).TaskRecords })),
  operatorInspection: lazy(() => import('./task-inspection-card.tsx')),
};
