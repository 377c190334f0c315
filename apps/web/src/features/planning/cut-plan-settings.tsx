import { useTranslation } from 'react-i18next';
import { Checkbox, Form, InputNumber } from 'antd';
import { MAX_TIME_LIMIT_S, type CutPlanSources, type OptimizeSettings } from '@armature/domain';
import { numericKeysOnly } from '../../components/resource/numeric-keys.ts';

type SourceKey = keyof CutPlanSources;
const SOURCE_KEYS: readonly SourceKey[] = ['raw', 'tails', 'purchase'];

/** The form values of a run's settings: the bar sources as the ticked keys. */
export type SettingsValues = { sources: SourceKey[]; timeLimitS: number };

/** The ticked keys of a plan's sources (all of them for a new plan). */
export const sourceKeysOf = (sources?: CutPlanSources): SourceKey[] =>
  SOURCE_KEYS.filter((key) => !sources || sources[key]);

/** A run's settings as the API takes them, from the form. */
export function settingsOf(values: SettingsValues): OptimizeSettings {
  return {
    sources: {
      raw: values.sources.includes('raw'),
      tails: values.sources.includes('tails'),
      purchase: values.sources.includes('purchase'),
    },
    timeLimitS: values.timeLimitS,
  };
}

/** The sources a plan or run uses, named in the user's language: `库存原材, 余料`. */
export function useSourcesText() {
  const { t } = useTranslation('cutPlan');
  return (sources: CutPlanSources) =>
    sourceKeysOf(sources)
      .map((key) => t(`sources.${key}`))
      .join(', ');
}

/** The fields of a run's settings — which bars, how long — on the add page and in the re-optimise form. */
export function SettingsFields({ testIdPrefix, hint }: { testIdPrefix: string; hint?: string }) {
  const { t } = useTranslation('cutPlan');
  return (
    <>
      <Form.Item
        name="sources"
        label={t('fields.sources')}
        rules={[{ required: true, type: 'array', min: 1, message: t('form.noSource') }]}
        style={{ flex: '1 1 300px', marginBottom: 0 }}
      >
        <Checkbox.Group
          data-testid={`${testIdPrefix}-sources`}
          options={SOURCE_KEYS.map((key) => ({ value: key, label: t(`sources.${key}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="timeLimitS"
        label={t('fields.timeLimitS')}
        extra={hint}
        rules={[{ required: true }]}
        style={{ flex: '0 1 200px', marginBottom: 0 }}
      >
        <InputNumber<number>
          data-testid={`${testIdPrefix}-timeLimitS`}
          min={1}
          max={MAX_TIME_LIMIT_S}
          precision={0}
          suffix="s"
          onKeyDown={numericKeysOnly({ decimals: false, negative: false })}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </>
  );
}
