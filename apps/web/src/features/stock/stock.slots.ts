import type { RebarReceive, ReceiptQualityStatus } from '@armature/domain';

// The receipt screens' places for what another feature shows of a receipt (quality fills them).
declare module '../../components/feature-slots.tsx' {
  interface SlotProps {
    /** A receipt's quality status (list and detail). */
    receiptQualityStatus: { status: ReceiptQualityStatus };
    /** Receipt detail, beside its buttons: inspect, release the hold, return to the supplier. */
    receiptActions: { receipt: RebarReceive };
    /** Receipt detail, a tab: the receipt's inspection records. */
    receiptInspections: { receiptId: string };
    /** Receipt detail, a tab: the mill certificates. */
    receiptCertificates: { receipt: RebarReceive };
  }
}
