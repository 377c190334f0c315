import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Tooltip } from 'antd';

type FormActionsProps = {
  saving: boolean;
  onCancel: () => void;
  /** The submit button's words; "save" unless told. */
  submitLabel?: ReactNode;
  submitIcon?: ReactNode;
  submitDisabled?: boolean;
  /** Said over the submit button (e.g. why it is disabled). */
  submitTooltip?: ReactNode;
  /** The cancel button's words; "cancel" unless told. */
  cancelLabel?: ReactNode;
  /** `end`: on the right, cancel first and submit last; `start` (default): submit first, on the left. */
  align?: 'start' | 'end';
  style?: CSSProperties;
};

/** A form's footer: its submit (`form-submit`) and cancel (`form-cancel`) buttons. */
export function FormActions({
  saving,
  onCancel,
  submitLabel,
  submitIcon,
  submitDisabled,
  submitTooltip,
  cancelLabel,
  align = 'start',
  style,
}: FormActionsProps) {
  const { t } = useTranslation('common');
  const submit = (
    <Button
      data-testid="form-submit"
      type="primary"
      htmlType="submit"
      icon={submitIcon}
      disabled={submitDisabled}
      loading={saving}
    >
      {submitLabel ?? t('actions.save')}
    </Button>
  );
  const cancel = (
    <Button data-testid="form-cancel" onClick={onCancel}>
      {cancelLabel ?? t('actions.cancel')}
    </Button>
  );
  return (
    <Flex gap="small" wrap justify={align === 'end' ? 'end' : undefined} style={style}>
      {align === 'end' && cancel}
      <Tooltip title={submitTooltip}>{submit}</Tooltip>
      {align === 'start' && cancel}
    </Flex>
  );
}
