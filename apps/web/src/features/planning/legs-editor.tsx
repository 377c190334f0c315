import { useTranslation } from 'react-i18next';
import { Button, Flex, InputNumber, Segmented, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_BAR_LENGTH, MAX_LEGS, type Leg } from '@armature/domain';
import { numericKeysOnly } from '../../components/resource/numeric-keys.ts';

type LegsEditorProps = {
  geometry: Leg[];
  mandrel: number | null;
  /** The straight bar's length, to start a bent shape from. */
  length: number | null;
  onChange: (changes: { geometry?: Leg[]; mandrel?: number | null }) => void;
};

/** A first bend for a bar that was straight: its length, bent 90° into a 300 mm leg. */
function firstBend(length: number | null): Leg[] {
  return [
    { length: length && length > 600 ? length - 300 : 1000, angle: 90 },
    { length: 300, angle: 0 },
  ];
}

/**
 * The shape of a line: straight, or bent as BVBS legs (each leg's length in mm and the signed angle of
 * the bend after it; the last leg has none) with the mandrel diameter.
 */
export function LegsEditor({ geometry, mandrel, length, onChange }: LegsEditorProps) {
  const { t } = useTranslation('planning');
  const bent = geometry.length > 1;
  const setLeg = (index: number, leg: Partial<Leg>) =>
    onChange({ geometry: geometry.map((current, at) => (at === index ? { ...current, ...leg } : current)) });
  const addLeg = () =>
    onChange({
      geometry: [
        ...geometry.map((leg, at) => (at === geometry.length - 1 ? { ...leg, angle: leg.angle || 90 } : leg)),
        { length: 300, angle: 0 },
      ],
    });
  const removeLeg = (index: number) => {
    const rest = geometry.filter((_leg, at) => at !== index);
    // The last leg never bends.
    onChange({ geometry: rest.map((leg, at) => (at === rest.length - 1 ? { ...leg, angle: 0 } : leg)) });
  };

  return (
    <Flex vertical gap="small" data-testid="legs-editor">
      <Segmented<'straight' | 'bent'>
        data-testid="shape-kind"
        value={bent ? 'bent' : 'straight'}
        options={[
          { value: 'straight', label: t('shape.straight') },
          { value: 'bent', label: t('shape.bent') },
        ]}
        onChange={(kind) =>
          onChange(kind === 'bent' ? { geometry: firstBend(length), mandrel: mandrel ?? 48 } : { geometry: [] })
        }
      />
      {bent && (
        <>
          {geometry.map((leg, index) => {
            const last = index === geometry.length - 1;
            return (
              <Flex key={index} gap="small" align="center" wrap data-testid={`leg-${index + 1}`}>
                <Typography.Text type="secondary" style={{ width: 24 }}>
                  {index + 1}
                </Typography.Text>
                <InputNumber<number>
                  data-testid={`leg-length-${index + 1}`}
                  aria-label={t('shape.legLength', { index: index + 1 })}
                  value={leg.length}
                  min={1}
                  max={MAX_BAR_LENGTH}
                  precision={0}
                  suffix="mm"
                  onKeyDown={numericKeysOnly({ decimals: false, negative: false })}
                  onChange={(value) => value && setLeg(index, { length: value })}
                  style={{ width: 130 }}
                />
                <InputNumber<number>
                  data-testid={`leg-angle-${index + 1}`}
                  aria-label={t('shape.legAngle', { index: index + 1 })}
                  value={last ? 0 : leg.angle}
                  disabled={last}
                  min={-180}
                  max={180}
                  precision={1}
                  suffix="°"
                  onKeyDown={numericKeysOnly({ decimals: true, negative: true })}
                  onChange={(value) => setLeg(index, { angle: value ?? 0 })}
                  style={{ width: 110 }}
                />
                <Button
                  type="text"
                  size="small"
                  aria-label={t('shape.removeLeg')}
                  icon={<DeleteOutlined />}
                  disabled={geometry.length <= 2}
                  onClick={() => removeLeg(index)}
                />
              </Flex>
            );
          })}
          <Flex gap="small" align="center" wrap>
            <Button
              data-testid="leg-add"
              size="small"
              icon={<PlusOutlined />}
              disabled={geometry.length >= MAX_LEGS}
              onClick={addLeg}
            >
              {t('shape.addLeg')}
            </Button>
            <Typography.Text type="secondary">{t('shape.angleHint')}</Typography.Text>
          </Flex>
          <Flex gap="small" align="center">
            <span>{t('fields.mandrel')}</span>
            <InputNumber<number>
              data-testid="field-mandrel"
              value={mandrel}
              min={1}
              max={2000}
              precision={0}
              suffix="mm"
              onKeyDown={numericKeysOnly({ decimals: false, negative: false })}
              onChange={(value) => onChange({ mandrel: value ?? null })}
              style={{ width: 130 }}
            />
          </Flex>
        </>
      )}
    </Flex>
  );
}
