import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import type { InspectionKind, ReceiptQualityStatus } from '@armature/domain';

const STATUS_COLORS: Record<ReceiptQualityStatus, string> = {
  uninspected: 'default',
  passed: 'success',
  held: 'error',
  released: 'warning',
  returned: 'default',
};

export function InspectionResultTag({ result, testId }: { result: 'pass' | 'fail'; testId?: string }) {
  const { t } = useTranslation('quality');
  return (
    <Tag color={result === 'pass' ? 'success' : 'error'} data-testid={testId} data-result={result}>
      {t(`result.${result}`)}
    </Tag>
  );
}

export function InspectionKindTag({ kind }: { kind: InspectionKind }) {
  const { t } = useTranslation('quality');
  return <Tag color={kind === 'receipt' ? 'blue' : 'purple'}>{t(`kind.${kind}`)}</Tag>;
}

export function QualityStatusTag({ status }: { status: ReceiptQualityStatus }) {
  const { t } = useTranslation('quality');
  return <Tag color={STATUS_COLORS[status]}>{t(`qualityStatus.${status}`)}</Tag>;
}
