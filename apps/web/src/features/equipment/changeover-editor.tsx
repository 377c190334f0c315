import { useTranslation } from 'react-i18next';
import { Button, Flex, Form, InputNumber } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_MACHINE_DIAMETER } from '@armature/domain';

const MAX_PAIRS = 100;
const MINUTES = { min: 0, max: 24 * 60, suffix: 'min' } as const;
const DIAMETER = { min: 4, max: MAX_MACHINE_DIAMETER, precision: 0, prefix: 'Φ', style: { width: 96 } } as const;

/**
 * The machine's setup times (`changeover`): minutes for a diameter change, minutes added for a change
 * of bending tool, and pairs of diameters whose change takes other than the first (either direction).
 * The scheduler charges them between jobs. Rows wrap on a phone.
 */
export function ChangeoverEditor() {
  const { t } = useTranslation('equipment');
  const required = [{ required: true, message: t('form.required') }];
  return (
    <Flex vertical gap={8} data-testid="changeover-editor">
      <Flex gap={16} wrap>
        <Form.Item
          name={['changeover', 'diameterMinutes']}
          label={t('changeover.diameterMinutes')}
          rules={required}
          style={{ margin: 0 }}
        >
          <InputNumber data-testid="changeover-diameterMinutes" {...MINUTES} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item
          name={['changeover', 'familyMinutes']}
          label={t('changeover.familyMinutes')}
          rules={required}
          style={{ margin: 0 }}
        >
          <InputNumber data-testid="changeover-familyMinutes" {...MINUTES} style={{ width: 140 }} />
        </Form.Item>
      </Flex>
      <Form.List name={['changeover', 'pairs']}>
        {(rows, { add, remove }, { errors }) => (
          <Flex vertical gap={8}>
            {rows.map((row) => (
              <Flex key={row.key} gap={8} wrap align="start" data-testid={`changeover-pair-${row.name}`}>
                <Form.Item name={[row.name, 'from']} rules={required} style={{ margin: 0 }}>
                  <InputNumber data-testid={`changeover-pair-${row.name}-from`} {...DIAMETER} />
                </Form.Item>
                <Form.Item name={[row.name, 'to']} rules={required} style={{ margin: 0 }}>
                  <InputNumber data-testid={`changeover-pair-${row.name}-to`} {...DIAMETER} />
                </Form.Item>
                <Form.Item name={[row.name, 'minutes']} rules={required} style={{ margin: 0 }}>
                  <InputNumber
                    data-testid={`changeover-pair-${row.name}-minutes`}
                    {...MINUTES}
                    style={{ width: 120 }}
                  />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  aria-label={t('changeover.removePair')}
                  icon={<DeleteOutlined />}
                  onClick={() => remove(row.name)}
                />
              </Flex>
            ))}
            <Form.ErrorList errors={errors} />
            <Button
              data-testid="changeover-add-pair"
              type="dashed"
              icon={<PlusOutlined />}
              disabled={rows.length >= MAX_PAIRS}
              onClick={() => add({})}
              style={{ alignSelf: 'start' }}
            >
              {t('changeover.addPair')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Flex>
  );
}
