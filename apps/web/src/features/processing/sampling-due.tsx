import { useTranslation } from 'react-i18next';
import { Alert, Typography } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import type { TaskSampling } from '@armature/domain';

/**
 * On the operator's card, from the product's sampling plan: the next piece to set aside for a check,
 * and a warning while a sample already made is not recorded, so it is not bundled unchecked.
 */
export function SamplingDue({ sampling }: { sampling: TaskSampling }) {
  const { t } = useTranslation('processing');
  const due = sampling.due[0];
  return (
    <>
      {due !== undefined && (
        <Alert
          data-testid="operator-check-due"
          type="warning"
          showIcon
          icon={<ExperimentOutlined />}
          message={<Typography.Text strong>{t('operator.checkDue', { piece: due })}</Typography.Text>}
          description={t('operator.checkDueExplain')}
        />
      )}
      {sampling.nextPiece !== null && (
        <Typography.Text data-testid="operator-next-check">
          <ExperimentOutlined /> {t('operator.nextCheck', { piece: sampling.nextPiece })}
        </Typography.Text>
      )}
    </>
  );
}
