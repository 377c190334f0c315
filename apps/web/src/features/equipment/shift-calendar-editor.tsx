import { useTranslation } from 'react-i18next';
import { Button, DatePicker, Flex, Form, Input, Select, TimePicker } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useLocale } from '../../lib/i18n.ts';

const MAX_SHIFTS = 6;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** ISO weekday numbers (1 = Monday) with their short names in the interface language. */
function useWeekdayOptions() {
  // Re-rendered on a language change, which also switches dayjs's locale.
  useLocale();
  return WEEKDAYS.map((weekday) => ({
    value: weekday,
    label: dayjs()
      .day(weekday % 7)
      .format('dd'),
  }));
}

/**
 * The machine's shift calendar: its shifts (name, start, end — an end before the start crosses
 * midnight — and the weekdays it works), then the plant days it is off.
 */
export function ShiftCalendarEditor() {
  const { t } = useTranslation('equipment');
  const weekdays = useWeekdayOptions();
  const required = [{ required: true, message: t('form.required') }];
  return (
    <Flex vertical gap={8} data-testid="shift-editor">
      <Form.List name="shifts">
        {(rows, { add, remove }) => (
          <>
            {rows.map((row) => (
              <Flex key={row.key} gap={8} wrap align="start" data-testid={`shift-${row.name}`}>
                <Form.Item name={[row.name, 'name']} rules={required} style={{ margin: 0 }}>
                  <Input
                    data-testid={`shift-${row.name}-name`}
                    maxLength={20}
                    placeholder={t('shifts.name')}
                    style={{ width: 96 }}
                  />
                </Form.Item>
                <Form.Item name={[row.name, 'start']} rules={required} style={{ margin: 0 }}>
                  <TimePicker
                    data-testid={`shift-${row.name}-start`}
                    format="HH:mm"
                    minuteStep={5}
                    needConfirm={false}
                    placeholder={t('shifts.start')}
                    style={{ width: 110 }}
                  />
                </Form.Item>
                <Form.Item name={[row.name, 'end']} rules={required} style={{ margin: 0 }}>
                  <TimePicker
                    data-testid={`shift-${row.name}-end`}
                    format="HH:mm"
                    minuteStep={5}
                    needConfirm={false}
                    placeholder={t('shifts.end')}
                    style={{ width: 110 }}
                  />
                </Form.Item>
                <Form.Item name={[row.name, 'weekdays']} rules={required} style={{ margin: 0, flex: '1 1 220px' }}>
                  <Select
                    data-testid={`shift-${row.name}-weekdays`}
                    mode="multiple"
                    options={weekdays}
                    placeholder={t('shifts.weekdays')}
                  />
                </Form.Item>
                <Button
                  data-testid={`shift-${row.name}-remove`}
                  type="text"
                  danger
                  aria-label={t('shifts.remove')}
                  icon={<DeleteOutlined />}
                  onClick={() => remove(row.name)}
                />
              </Flex>
            ))}
            <Button
              data-testid="shift-add"
              type="dashed"
              icon={<PlusOutlined />}
              disabled={rows.length >= MAX_SHIFTS}
              onClick={() => add({ weekdays: [1, 2, 3, 4, 5] })}
              style={{ alignSelf: 'start' }}
            >
              {t('shifts.add')}
            </Button>
          </>
        )}
      </Form.List>
      <Form.Item name="daysOff" label={t('shifts.daysOff')} style={{ margin: 0 }}>
        <DatePicker data-testid="field-daysOff" multiple maxTagCount="responsive" style={{ width: '100%' }} />
      </Form.Item>
    </Flex>
  );
}
