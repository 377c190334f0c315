import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import type { ReceiptStatus } from '@armature/domain';

export function ReceiptStatusTag({ status }: { status: ReceiptStatus }) {
  const { t } = useTranslation('stock');
  return <Tag color={status === 'received' ? 'success' : 'default'}>{t(`receipt.status.${status}`)}</Tag>;
}
