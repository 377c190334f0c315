import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Form, Input, Tooltip } from 'antd';
import { useNavigateFromHere } from '../lib/navigate-from-here.ts';
import { useListPath } from './resource/use-record-form.ts';

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
  /**
   * False: only a click on the submit button submits (Enter in a field does not), for a form with
   * more to check than its fields (an import's lines).
   */
  submitOnEnter?: boolean;
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
  submitOnEnter = true,
  align = 'start',
  style,
}: FormActionsProps) {
  const { t } = useTranslation('common');
  const form = Form.useFormInstance();
  // A form without a submit button is not submitted by Enter in one of its (several) fields.
  const submitProps = submitOnEnter
    ? { htmlType: 'submit' as const }
    : { htmlType: 'button' as const, onClick: () => form.submit() };
  const submit = (
    <Button
      data-testid="form-submit"
      type="primary"
      {...submitProps}
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

/**
 * The foot of a page that makes a document from rows picked above it (a cutting plan from orders, a schedule from
 * cutting plans): its remark (`field-remark`), then back to the list and the create button, which waits for a pick.
 */
export function PickedRowsFooter(props: {
  remarkLabel: string;
  saving: boolean;
  submitLabel: string;
  submitIcon: ReactNode;
  nothingPicked: boolean;
}) {
  const { t } = useTranslation('resource');
  const navigate = useNavigateFromHere();
  const listPath = useListPath();
  return (
    <>
      <Form.Item name="remark" label={props.remarkLabel} style={{ marginBottom: 0 }}>
        <Input.TextArea data-testid="field-remark" rows={2} maxLength={500} />
      </Form.Item>
      <FormActions
        align="end"
        saving={props.saving}
        onCancel={() => navigate(listPath)}
        cancelLabel={t('actions.back')}
        submitLabel={props.submitLabel}
        submitIcon={props.submitIcon}
        submitDisabled={props.nothingPicked}
      />
    </>
  );
}
