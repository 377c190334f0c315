import { useTranslation } from 'react-i18next';
import { Button, Flex, List, Tag, Typography, type ListProps } from 'antd';
import { BarShape } from '../../components/bar-shape/bar-shape.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, formatNumber } from '../../lib/number-format.ts';
import { effectiveLength, estimatedWeight, type LineDraft } from './demand-line.ts';
import { shapeOf } from './line-parts.tsx';
import type { RebarSpec } from './planning.queries.ts';

/** The lines as cards, on a phone: each line's summary and shape, its problems under it. */
export function LineCards({
  lines,
  pagination,
  numbers,
  specById,
  rowTestId,
  problemCount,
  hasNotes,
  notes,
  actions,
  openLine,
}: {
  lines: LineDraft[];
  pagination: ListProps<LineDraft>['pagination'];
  numbers: ReadonlyMap<string, number>;
  specById: ReadonlyMap<string, RebarSpec>;
  rowTestId: (line: LineDraft) => string;
  problemCount: (line: LineDraft) => number;
  hasNotes: (line: LineDraft) => boolean;
  notes: (line: LineDraft) => React.ReactNode;
  actions: (line: LineDraft) => React.ReactNode;
  openLine: (key: string) => void;
}) {
  const { t } = useTranslation('planning');
  const locale = useLocale();
  return (
    <List<LineDraft>
      className="line-cards"
      dataSource={lines}
      rowKey="key"
      pagination={{ ...pagination, align: 'center' }}
      renderItem={(line) => {
        const spec = specById.get(line.rebarId ?? '');
        const length = effectiveLength(line, spec?.diameter);
        const weight = estimatedWeight(line, spec);
        return (
          <List.Item data-testid={rowTestId(line)} data-problems={problemCount(line)} extra={actions(line)}>
            <Flex vertical gap={4} style={{ minWidth: 0, width: '100%' }}>
              <Flex gap="small" align="center" wrap>
                <Typography.Text strong>
                  #{numbers.get(line.key)} {line.mark}
                </Typography.Text>
                <Typography.Text type={spec ? undefined : 'danger'}>
                  {spec?.name ?? `${line.grade} Φ${line.diameter ?? '?'}`}
                </Typography.Text>
                {line.shapeCode && <Tag>{line.shapeCode}</Tag>}
              </Flex>
              <Button
                type="text"
                aria-label={t('lines.editShape')}
                onClick={() => openLine(line.key)}
                style={{ height: 'auto', padding: 2, alignSelf: 'flex-start' }}
              >
                <BarShape {...shapeOf(line, locale)} size={{ width: 200, height: 60 }} />
              </Button>
              <Typography.Text type="secondary">
                {t('lines.summary', {
                  length: length === null ? '—' : formatNumber(length, locale, 0),
                  quantity: line.quantity === null ? '—' : formatNumber(line.quantity, locale, 0),
                  weight: weight === null ? '—' : formatKg(weight, locale),
                })}
              </Typography.Text>
              {hasNotes(line) && notes(line)}
            </Flex>
          </List.Item>
        );
      }}
    />
  );
}
