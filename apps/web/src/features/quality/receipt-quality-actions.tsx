import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { ExperimentOutlined, RollbackOutlined, UnlockOutlined } from '@ant-design/icons';
import type { RebarReceive } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { usePageButtons } from '../../components/page-access.ts';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { ReceiptInspectionDrawer } from './receipt-inspection-drawer.tsx';
import { recordMutations, refreshAfterReceipt } from './quality-record.queries.ts';

type Decision = 'release' | 'return';

/** Why held bars are released or returned; the server keeps the reason with the ledger moves. */
function DecisionDialog(props: { receipt: RebarReceive; decision: Decision; onClose: () => void }) {
  const { t } = useTranslation('quality');
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason?: string }>();
  const { receipt, decision } = props;
  const decide = useMutation({
    ...recordMutations.decideHold(receipt.id, decision),
    onSuccess: async () => {
      notify.success(t(`receipt.${decision}.done`, { code: receipt.code, bars: receipt.heldQuantity }));
      await refreshAfterReceipt(queryClient);
      props.onClose();
    },
    meta: { form },
  });
  return (
    <ReasonDialog
      form={form}
      title={t(`receipt.${decision}.title`, { code: receipt.code })}
      okText={t(`receipt.${decision}.ok`)}
      explanation={t(`receipt.${decision}.explain`, { bars: receipt.heldQuantity })}
      label={t('receipt.reason')}
      required
      pending={decide.isPending}
      onSubmit={(reason) => reason && decide.mutate(reason)}
      onClose={props.onClose}
    />
  );
}

/**
 * The receipt page's quality buttons, each behind its permission: inspect (not once the bars went back
 * or while they are on hold), and for held bars release them to production or return them.
 */
export default function ReceiptQualityActions({ receipt }: { receipt: RebarReceive }) {
  const { t } = useTranslation('quality');
  const buttons = usePageButtons();
  const [inspecting, setInspecting] = useState(false);
  const [deciding, setDeciding] = useState<Decision>();
  const open = receipt.status === 'received';
  const held = open && receipt.qualityStatus === 'held';
  const mayInspect = open && !held && receipt.qualityStatus !== 'returned' && buttons.has('inspect');
  return (
    <>
      {mayInspect && (
        <Button
          data-testid="receipt-inspect"
          type="primary"
          icon={<ExperimentOutlined />}
          onClick={() => setInspecting(true)}
        >
          {t('receipt.inspect')}
        </Button>
      )}
      {held && buttons.has('unhold') && (
        <Button data-testid="receipt-release" icon={<UnlockOutlined />} onClick={() => setDeciding('release')}>
          {t('receipt.release.ok')}
        </Button>
      )}
      {held && buttons.has('return') && (
        <Button data-testid="receipt-return" danger icon={<RollbackOutlined />} onClick={() => setDeciding('return')}>
          {t('receipt.return.ok')}
        </Button>
      )}
      {inspecting && <ReceiptInspectionDrawer receipt={receipt} onClose={() => setInspecting(false)} />}
      {deciding && <DecisionDialog receipt={receipt} decision={deciding} onClose={() => setDeciding(undefined)} />}
    </>
  );
}
