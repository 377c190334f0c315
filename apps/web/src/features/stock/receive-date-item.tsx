import { useTranslation } from 'react-i18next';
import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { localizeValidationMessage } from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';

/** The day bars came in (`receiveDate`): required, never after today. A receipt's and a delivery note's. */
export function ReceiveDateItem() {
  const { t } = useTranslation('stock');
  const locale = useLocale();
  return (
    <Form.Item
      name="receiveDate"
      label={t('fields.receiveDate')}
      required
      rules={[
        {
          validator: async (_rule, value?: Dayjs | null) => {
            if (!value) throw new Error(localizeValidationMessage('required', locale));
            if (value.isAfter(dayjs(), 'day')) throw new Error(t('receipt.noFutureDate'));
          },
        },
      ]}
    >
      <DatePicker
        data-testid="field-receiveDate"
        allowClear={false}
        disabledDate={(day) => day.isAfter(dayjs(), 'day')}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}
