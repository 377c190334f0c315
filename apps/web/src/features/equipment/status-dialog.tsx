import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import {
  OPERATION_STATUSES,
  OPERATION_STATUS_LABELS,
  type Equipment,
  type EquipmentStatusInput,
} from '@armature/domain';
import { DIALOG_WIDTH, useFeedback } from '../../components/feedback.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { equipmentMutations, refreshEquipment, type EquipmentVariant } from './equipment.queries.ts';

/**
 * Sets by hand the status of a machine that sends no telemetry (one with credentials reports its own,
 * and the server refuses). The change goes into the machine's state history like a reported one.
 */
export function StatusDialog(props: { variant: EquipmentVariant; machine: Equipment; onClose: () => void }) {
  const { variant, machine, onClose } = props;
  const { t } = useTranslation(['equipment', 'common']);
  const locale = useLocale();
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EquipmentStatusInput>();
  const save = useMutation({
    ...equipmentMutations.setStatus(variant, machine.id),
    onSuccess: async () => {
      notify.success(t('status.saved'));
      await refreshEquipment(queryClient);
      onClose();
    },
    meta: { form },
  });
  return (
    <Modal
      open
      width={DIALOG_WIDTH}
      title={t('status.title', { serialNumber: machine.serialNumber })}
      okText={t('common:actions.save')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'status-save' }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<EquipmentStatusInput>
        form={form}
        layout="vertical"
        initialValues={{ operationStatus: machine.operationStatus }}
        onFinish={(values) => save.mutate({ ...values, remark: values.remark?.trim() || null })}
      >
        <Form.Item name="operationStatus" label={t('fields.operationStatus')} required>
          <Select
            data-testid="field-operationStatus"
            options={OPERATION_STATUSES.map((value) => ({ value, label: OPERATION_STATUS_LABELS[value][locale] }))}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('fields.remark')}>
          <Input.TextArea data-testid="field-statusRemark" rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
