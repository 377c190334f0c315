import { useTranslation } from 'react-i18next';
import { Button, Descriptions, Drawer, Flex, Form, Input, Tag } from 'antd';
import { MAX_BAR_LENGTH, MAX_LINE_QUANTITY } from '@armature/domain';
import { BarShape } from '../../components/bar-shape/bar-shape.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, formatNumber } from '../../lib/number-format.ts';
import { effectiveLength, estimatedWeight, type LineChanges, type LineDraft } from './demand-line.ts';
import { LegsEditor } from './legs-editor.tsx';
import { CountInput, LineProblems, SpecSelect, TechniqueSelect, shapeOf } from './line-parts.tsx';
import type { RebarSpec, Technique } from './planning.queries.ts';

const DRAWER_WIDTH = 'min(560px, 100vw)';

/** Every field of one line, for a phone or for what the table row does not show (shape, techniques…). */
export function LineDrawer({
  line,
  number,
  spec,
  specs,
  techniques,
  refusals,
  onEdit,
  onClose,
}: {
  line: LineDraft;
  number: number;
  spec: RebarSpec | undefined;
  specs: readonly RebarSpec[];
  techniques: readonly Technique[];
  refusals: readonly string[];
  onEdit: (changes: LineChanges) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('planning');
  const locale = useLocale();
  const developed = line.geometry.length > 1 ? effectiveLength({ ...line, length: null }, spec?.diameter) : null;
  const weight = estimatedWeight(line, spec);
  const bothCounts = line.members !== null && line.barsPerMember !== null;
  return (
    <Drawer
      open
      title={t('lines.editTitle', { number, mark: line.mark })}
      size={DRAWER_WIDTH}
      onClose={onClose}
      extra={
        <Button data-testid="line-drawer-done" type="primary" onClick={onClose}>
          {t('lines.done')}
        </Button>
      }
    >
      <Flex vertical gap="middle" data-testid="line-drawer">
        <LineProblems line={line} refusals={refusals} />
        <Form layout="vertical" component="div">
          <Form.Item label={t('fields.mark')} required>
            <Input
              data-testid="line-field-mark"
              value={line.mark}
              maxLength={32}
              status={line.mark.trim() ? undefined : 'error'}
              onChange={(event) => onEdit({ mark: event.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('fields.spec')} required>
            <SpecSelect
              data-testid="line-field-spec"
              line={line}
              specs={specs}
              onChange={(chosen) => onEdit({ rebarId: chosen.id, grade: chosen.grade, diameter: chosen.diameter })}
            />
          </Form.Item>
          <Form.Item label={t('fields.shape')}>
            <Flex vertical gap="small">
              <BarShape {...shapeOf(line, locale)} size="medium" showDimensions title={line.shapeCode ?? undefined} />
              {line.shapeCode && (
                <Tag data-testid="line-shape-code" style={{ alignSelf: 'flex-start' }}>
                  {line.shapeCode}
                </Tag>
              )}
              <LegsEditor
                geometry={line.geometry}
                mandrel={line.mandrel}
                length={line.length}
                onChange={(changes) => onEdit(changes)}
              />
            </Flex>
          </Form.Item>
          <Form.Item
            label={t('fields.length')}
            required={line.geometry.length <= 1}
            extra={developed ? t('lines.developedHint', { length: formatNumber(developed, locale, 0) }) : undefined}
          >
            <CountInput
              testId="line-field-length"
              value={line.length}
              max={MAX_BAR_LENGTH}
              placeholder={developed ? String(developed) : undefined}
              width="100%"
              onChange={(length) => onEdit({ length })}
            />
          </Form.Item>
          <Form.Item label={t('fields.quantityFormula')} required>
            <Flex gap="small" align="center" wrap>
              <CountInput
                testId="line-field-members"
                value={line.members}
                max={MAX_LINE_QUANTITY}
                placeholder={t('fields.members')}
                onChange={(members) => onEdit({ members })}
              />
              <span>×</span>
              <CountInput
                testId="line-field-barsPerMember"
                value={line.barsPerMember}
                max={MAX_LINE_QUANTITY}
                placeholder={t('fields.barsPerMember')}
                onChange={(barsPerMember) => onEdit({ barsPerMember })}
              />
              <span>=</span>
              <CountInput
                testId="line-field-quantity"
                value={line.quantity}
                max={MAX_LINE_QUANTITY}
                disabled={bothCounts}
                placeholder={t('fields.quantity')}
                onChange={(quantity) => onEdit({ quantity })}
              />
            </Flex>
          </Form.Item>
          <Form.Item label={t('fields.techniques')}>
            <TechniqueSelect
              value={line.techniqueIds}
              techniques={techniques}
              locale={locale}
              onChange={(techniqueIds) => onEdit({ techniqueIds })}
            />
          </Form.Item>
          <Form.Item label={t('fields.piecesPerBundle')}>
            <CountInput
              testId="line-field-piecesPerBundle"
              value={line.piecesPerBundle}
              max={10_000}
              width="100%"
              onChange={(piecesPerBundle) => onEdit({ piecesPerBundle })}
            />
          </Form.Item>
          <Form.Item label={t('fields.remark')}>
            <Input
              data-testid="line-field-remark"
              value={line.remark ?? ''}
              maxLength={200}
              onChange={(event) => onEdit({ remark: event.target.value })}
            />
          </Form.Item>
        </Form>
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'weight',
              label: t('fields.weightEstimate'),
              children: weight === null ? '—' : `${formatKg(weight, locale)} kg`,
            },
            ...(line.drawing ? [{ key: 'drawing', label: t('fields.drawing'), children: line.drawing }] : []),
          ]}
        />
      </Flex>
    </Drawer>
  );
}
