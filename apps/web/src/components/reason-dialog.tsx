import { useTranslation } from 'react-i18next';
import { Form, Input, Modal, type FormInstance } from 'antd';
import { DIALOG_WIDTH } from './feedback.tsx';

/**
 * Asks why a document is cancelled (the reason is kept in its status history) — or why a task failed,
 * with `required` and its own `label` — before `onSubmit`. The caller owns the form, so that its
 * mutation can put the server's field errors on it.
 */
export function ReasonDialog(props: {
  form: FormInstance<{ reason?: string }>;
  title: string;
  okText: string;
  explanation: string;
  pending: boolean;
  onSubmit: (reason: string | null) => void;
  onClose: () => void;
  /** The field's label (default: the reason for cancelling). */
  label?: string;
  /** A reason must be given (a failed task always says why). */
  required?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open
      className="armature-confirm"
      width={DIALOG_WIDTH}
      title={props.title}
      okText={props.okText}
      okButtonProps={{ danger: true, loading: props.pending, 'data-testid': 'cancel-ok' }}
      cancelText={t('actions.close')}
      onOk={() => props.form.submit()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <p>{props.explanation}</p>
      <Form form={props.form} layout="vertical" onFinish={(values) => props.onSubmit(values.reason?.trim() || null)}>
        <Form.Item
          name="reason"
          label={props.label ?? t('reason.label')}
          rules={props.required ? [{ required: true, whitespace: true }] : undefined}
        >
          <Input.TextArea data-testid="cancel-reason" rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
