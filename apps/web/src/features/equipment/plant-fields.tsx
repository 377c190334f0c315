import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Divider, Form, Input, InputNumber, Select } from 'antd';
import { MAX_CONCURRENT_TASKS, MAX_MACHINE_DIAMETER, localizedName, techniqueResource } from '@armature/domain';
import { resourceQueries } from '../../components/resource/resource.queries.ts';
import { resourceCrud } from '../../components/resource/resource-endpoint.ts';
import { useLocale } from '../../lib/i18n.ts';
import { LineSelect } from './line-select.tsx';
import { ShiftCalendarEditor } from './shift-calendar-editor.tsx';
import { ThroughputEditor } from './throughput-editor.tsx';
import { ChangeoverEditor } from './changeover-editor.tsx';

/** Fields side by side on a wide screen, one column on a phone. */
export const FORM_GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(260px, 100%), 1fr))',
  columnGap: 16,
} as const;
const WIDE = { gridColumn: '1 / -1' };

function TechniqueSelect(props: { value?: string[]; onChange?: (value: string[]) => void }) {
  const locale = useLocale();
  const techniques = useQuery({
    ...resourceQueries.all(resourceCrud(techniqueResource).all),
    // A plant role without the technique page still edits the rest; the select then stays empty.
    meta: { silent: true },
  });
  return (
    <Select<string[]>
      data-testid="field-techniqueIds"
      mode="multiple"
      showSearch={{ optionFilterProp: 'label' }}
      loading={techniques.isLoading}
      options={techniques.data?.map((technique) => ({ value: technique.id, label: localizedName(technique, locale) }))}
      {...props}
    />
  );
}

/**
 * The fields a plant keeps up for its machines, inside a form holding `PlantFormValues`: the line it
 * is installed on (a line of `clientId`), its techniques, diameter range and ideal rate, its throughput
 * per diameter band, its setup times and its shift calendar. The maker's form and the plant's edit mode both use it.
 */
export function PlantFields({ clientId }: { clientId: string | null | undefined }) {
  const { t } = useTranslation('equipment');
  const diameter = { min: 4, max: MAX_MACHINE_DIAMETER, precision: 0, prefix: 'Φ', style: { width: '100%' } };
  return (
    <>
      <Divider titlePlacement="start">{t('sections.plant')}</Divider>
      <div style={FORM_GRID}>
        <Form.Item name="productId" label={t('fields.product')} extra={!clientId && t('form.chooseClientFirst')}>
          <LineSelect data-testid="field-productId" clientId={clientId} disabled={!clientId} allowClear />
        </Form.Item>
        <Form.Item name="techniqueIds" label={t('fields.techniques')}>
          <TechniqueSelect />
        </Form.Item>
        <Form.Item name="diameterMin" label={t('fields.diameterMin')}>
          <InputNumber data-testid="field-diameterMin" {...diameter} />
        </Form.Item>
        <Form.Item name="diameterMax" label={t('fields.diameterMax')}>
          <InputNumber data-testid="field-diameterMax" {...diameter} />
        </Form.Item>
        <Form.Item name="idealRate" label={t('fields.idealRate')} extra={t('form.idealRateHint')}>
          <InputNumber data-testid="field-idealRate" min={0} max={100_000} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="concurrentTasks" label={t('fields.concurrentTasks')} extra={t('form.concurrentTasksHint')}>
          <InputNumber
            data-testid="field-concurrentTasks"
            min={1}
            max={MAX_CONCURRENT_TASKS}
            precision={0}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item label={t('fields.throughput')} style={WIDE}>
          <ThroughputEditor />
        </Form.Item>
        <Form.Item label={t('fields.changeover')} extra={t('changeover.hint')} style={WIDE}>
          <ChangeoverEditor />
        </Form.Item>
        <Form.Item label={t('fields.shiftCalendar')} style={WIDE}>
          <ShiftCalendarEditor />
        </Form.Item>
        <Form.Item name="remark" label={t('fields.remark')} style={WIDE}>
          <Input.TextArea data-testid="field-remark" rows={2} maxLength={500} showCount />
        </Form.Item>
      </div>
    </>
  );
}
