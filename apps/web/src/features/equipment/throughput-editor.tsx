import { useTranslation } from 'react-i18next';
import { Button, Flex, Form, InputNumber, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_MACHINE_DIAMETER, THROUGHPUT_UNITS } from '@armature/domain';

const MAX_BANDS = 20;
const NUMBER = { width: 96 };

/**
 * The machine's rate per diameter band (`throughput`): one row per band — diameters from and to, the
 * rate and its unit. Rows wrap on a phone.
 */
export function ThroughputEditor() {
  const { t } = useTranslation('equipment');
  const required = [{ required: true, message: t('form.required') }];
  return (
    <Form.List name="throughput">
      {(rows, { add, remove }, { errors }) => (
        <Flex vertical gap={8} data-testid="throughput-editor">
          {rows.map((row) => (
            <Flex key={row.key} gap={8} wrap align="start" data-testid={`throughput-${row.name}`}>
              <Form.Item name={[row.name, 'diameterFrom']} rules={required} style={{ margin: 0 }}>
                <InputNumber
                  data-testid={`throughput-${row.name}-from`}
                  min={4}
                  max={MAX_MACHINE_DIAMETER}
                  precision={0}
                  prefix="Φ"
                  placeholder={t('throughput.from')}
                  style={NUMBER}
                />
              </Form.Item>
              <Form.Item name={[row.name, 'diameterTo']} rules={required} style={{ margin: 0 }}>
                <InputNumber
                  data-testid={`throughput-${row.name}-to`}
                  min={4}
                  max={MAX_MACHINE_DIAMETER}
                  precision={0}
                  prefix="Φ"
                  placeholder={t('throughput.to')}
                  style={NUMBER}
                />
              </Form.Item>
              <Form.Item name={[row.name, 'rate']} rules={required} style={{ margin: 0 }}>
                <InputNumber
                  data-testid={`throughput-${row.name}-rate`}
                  min={0}
                  max={1_000_000}
                  placeholder={t('throughput.rate')}
                  style={{ width: 120 }}
                />
              </Form.Item>
              <Form.Item name={[row.name, 'unit']} rules={required} style={{ margin: 0 }}>
                <Select
                  data-testid={`throughput-${row.name}-unit`}
                  style={{ width: 130 }}
                  options={THROUGHPUT_UNITS.map((unit) => ({ value: unit, label: t(`units.${unit}`) }))}
                />
              </Form.Item>
              <Button
                data-testid={`throughput-${row.name}-remove`}
                type="text"
                danger
                aria-label={t('throughput.remove')}
                icon={<DeleteOutlined />}
                onClick={() => remove(row.name)}
              />
            </Flex>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            data-testid="throughput-add"
            type="dashed"
            icon={<PlusOutlined />}
            disabled={rows.length >= MAX_BANDS}
            onClick={() => add({ unit: 'piecesPerHour' })}
            style={{ alignSelf: 'start' }}
          >
            {t('throughput.add')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
