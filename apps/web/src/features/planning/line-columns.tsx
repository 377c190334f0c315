import { useTranslation } from 'react-i18next';
import { Button, Flex, Input, Typography, type TableColumnsType } from 'antd';
import { MAX_BAR_LENGTH, MAX_LINE_QUANTITY } from '@armature/domain';
import { BarShape } from '../../components/bar-shape/bar-shape.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg } from '../../lib/number-format.ts';
import { effectiveLength, estimatedWeight, type LineChanges, type LineDraft } from './demand-line.ts';
import { CountInput, SpecSelect, shapeOf } from './line-parts.tsx';
import type { RebarSpec } from './planning.queries.ts';

/** What the line table's cells read and do. */
export type LineCells = {
  numbers: ReadonlyMap<string, number>;
  specs: readonly RebarSpec[];
  specById: ReadonlyMap<string, RebarSpec>;
  edit: (key: string, changes: LineChanges) => void;
  openLine: (key: string) => void;
  actions: (line: LineDraft) => React.ReactNode;
  tint: (line: LineDraft) => React.CSSProperties | undefined;
};

/** The line table's columns: the common fields editable in place, the shape opening the drawer. */
export function useLineColumns({ numbers, specs, specById, edit, openLine, actions, tint }: LineCells) {
  const { t } = useTranslation('planning');
  const locale = useLocale();
  const setSpec = (key: string) => (spec: RebarSpec) =>
    edit(key, { rebarId: spec.id, grade: spec.grade, diameter: spec.diameter });
  const columns: TableColumnsType<LineDraft> = [
    {
      title: '#',
      key: 'no',
      width: 48,
      render: (_value, line) => numbers.get(line.key),
    },
    {
      title: t('fields.mark'),
      key: 'mark',
      render: (_value, line) => (
        <Input
          data-testid="line-mark"
          value={line.mark}
          maxLength={32}
          status={line.mark.trim() ? undefined : 'error'}
          onChange={(event) => edit(line.key, { mark: event.target.value })}
          style={{ width: 90 }}
        />
      ),
    },
    {
      title: t('fields.spec'),
      key: 'spec',
      render: (_value, line) => (
        <SpecSelect
          data-testid="line-spec"
          line={line}
          specs={specs}
          onChange={setSpec(line.key)}
          style={{ width: 150 }}
        />
      ),
    },
    {
      title: t('fields.shape'),
      key: 'shape',
      render: (_value, line) => (
        <Button
          data-testid="line-shape"
          type="text"
          aria-label={t('lines.editShape')}
          onClick={() => openLine(line.key)}
          style={{ height: 'auto', padding: 2 }}
        >
          <Flex vertical align="center">
            <BarShape {...shapeOf(line, locale)} size="small" />
            {line.shapeCode && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {line.shapeCode}
              </Typography.Text>
            )}
          </Flex>
        </Button>
      ),
    },
    {
      title: t('fields.length'),
      key: 'length',
      render: (_value, line) => {
        const developed = effectiveLength({ ...line, length: null }, specById.get(line.rebarId ?? '')?.diameter);
        return (
          <CountInput
            testId="line-length"
            value={line.length}
            max={MAX_BAR_LENGTH}
            placeholder={developed ? String(developed) : undefined}
            status={!line.length && !developed ? 'error' : undefined}
            onChange={(length) => edit(line.key, { length })}
          />
        );
      },
    },
    {
      title: t('fields.quantityFormula'),
      key: 'quantity',
      render: (_value, line) => (
        <Flex gap={4} align="center">
          <CountInput
            testId="line-members"
            value={line.members}
            max={MAX_LINE_QUANTITY}
            width={70}
            onChange={(members) => edit(line.key, { members })}
          />
          ×
          <CountInput
            testId="line-barsPerMember"
            value={line.barsPerMember}
            max={MAX_LINE_QUANTITY}
            width={70}
            onChange={(barsPerMember) => edit(line.key, { barsPerMember })}
          />
          =
          <CountInput
            testId="line-quantity"
            value={line.quantity}
            max={MAX_LINE_QUANTITY}
            width={80}
            disabled={line.members !== null && line.barsPerMember !== null}
            onChange={(quantity) => edit(line.key, { quantity })}
          />
        </Flex>
      ),
    },
    {
      title: t('fields.weightEstimate'),
      key: 'weight',
      align: 'end',
      render: (_value, line) => {
        const weight = estimatedWeight(line, specById.get(line.rebarId ?? ''));
        return weight === null ? '—' : formatKg(weight, locale);
      },
    },
    {
      title: t('lines.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_value, line) => actions(line),
      // A fixed cell paints its own background: it takes the row's tint.
      onCell: (line) => ({ style: tint(line) }),
    },
  ];

  return columns;
}
