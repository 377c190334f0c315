import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { demandActionsIn, isDemandOrderEditable, type DemandOrder } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { usePageButtons } from '../../components/page-access.ts';
import { planningMutations, refreshOrders } from './planning.queries.ts';
import { ReasonDialog } from '../../components/reason-dialog.tsx';

type Order = Pick<DemandOrder, 'id' | 'code' | 'status'>;

/** Asks why an order is cancelled (kept in its status history), then cancels it. */
function CancelDialog({ order, onClose, onDone }: { order: Order; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('planning');
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason?: string }>();
  const cancel = useMutation({
    ...planningMutations.cancel(),
    onSuccess: async () => {
      notify.success(t('actions.cancelled', { code: order.code }));
      await refreshOrders(queryClient);
      onDone();
      onClose();
    },
    meta: { form },
  });
  return (
    <ReasonDialog
      form={form}
      title={t('actions.cancelTitle', { code: order.code })}
      okText={t('actions.cancelOrder')}
      explanation={t('actions.cancelExplain')}
      pending={cancel.isPending}
      onSubmit={(reason) => cancel.mutate({ id: order.id, reason })}
      onClose={onClose}
    />
  );
}

/**
 * The status actions of an order, each offered when the user holds its button and the order's status
 * allows it (`demandActionsIn`; delete only for a draft): confirm and delete ask first, cancel asks why.
 * `dialogs` must be rendered by the screen.
 */
export function useOrderActions(onDone: (action: 'confirm' | 'cancel' | 'delete') => void = () => {}) {
  const { t } = useTranslation('planning');
  const { notify, confirm } = useFeedback();
  const queryClient = useQueryClient();
  const buttons = usePageButtons();
  const [cancelling, setCancelling] = useState<Order>();
  const confirmOrder = useMutation({
    ...planningMutations.confirm(),
    onSuccess: () => refreshOrders(queryClient),
  });
  const removeOrder = useMutation({
    ...planningMutations.remove(),
    onSettled: () => refreshOrders(queryClient),
  });

  const may = {
    confirm: (order: Order) => buttons.has('confirm') && demandActionsIn(order.status).includes('confirm'),
    cancel: (order: Order) => buttons.has('cancel') && demandActionsIn(order.status).includes('cancel'),
    update: (order: Order) => buttons.has('update') && isDemandOrderEditable(order.status),
    delete: (order: Order) => buttons.has('delete') && isDemandOrderEditable(order.status),
  };

  const dialogs: ReactNode = cancelling && (
    <CancelDialog order={cancelling} onClose={() => setCancelling(undefined)} onDone={() => onDone('cancel')} />
  );

  return {
    buttons,
    may,
    dialogs,
    confirm: (order: Order) =>
      confirm({
        title: t('actions.confirmTitle', { code: order.code }),
        content: t('actions.confirmExplain'),
        onOk: () =>
          confirmOrder.mutateAsync(order.id).then(
            () => {
              notify.success(t('actions.confirmed', { code: order.code }));
              onDone('confirm');
            },
            () => undefined,
          ),
      }),
    cancel: (order: Order) => setCancelling(order),
    remove: (order: Order) =>
      confirm({
        title: t('actions.deleteTitle', { code: order.code }),
        content: t('actions.deleteExplain'),
        danger: true,
        onOk: () =>
          removeOrder.mutateAsync(order.id).then(
            () => {
              notify.success(t('actions.deleted', { code: order.code }));
              onDone('delete');
            },
            () => undefined,
          ),
      }),
  };
}
