import { useTranslation } from 'react-i18next';
import type { RebarReceive } from '@armature/domain';
import { AttachmentPanel } from '../../components/attachments/attachment-panel.tsx';
import { usePageButtons } from '../../components/page-access.ts';
import { receiptCertificates } from './quality.queries.ts';

/**
 * A receipt's mill certificates, in the shared attachment panel: images as thumbnails, PDFs previewed
 * in the page, each downloadable; uploading and deleting with the inspect permission.
 */
export default function ReceiptCertificates({ receipt }: { receipt: RebarReceive }) {
  const buttons = usePageButtons();
  const { t: texts } = useTranslation('quality', { keyPrefix: 'receipt.certificates' });
  return (
    <AttachmentPanel
      files={receiptCertificates}
      params={{ receiptId: receipt.id }}
      mayEdit={buttons.has('inspect')}
      texts={texts}
      testIdPrefix="certificate"
    />
  );
}
