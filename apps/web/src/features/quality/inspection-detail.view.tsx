import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Flex, Table } from 'antd';
import type { Inspection, InspectionCheck, InspectionMethod } from '@armature/domain';
import { DetailCard } from '../../components/detail-card.tsx';
import { fieldItems } from '../../components/resource/field-set.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { useInspectionFields } from './inspection-fields.tsx';
import { checkUnit, limitsText } from './quality-format.ts';
import { qualityQueries } from './quality.queries.ts';
import { InspectionResultTag } from './quality-tags.tsx';

/** An inspection record (`…/inspection/detail/:id`): its header and every check as it was judged. */
export default function InspectionDetailView() {
  const { t } = useTranslation('quality');
  const locale = useLocale();
  const { id } = useParams();
  const detail = useQuery(qualityQueries.inspection(id));
  const inspection = detail.data;

  const fields = useInspectionFields();
  const header = (value: Inspection) =>
    fieldItems(fields, value, [
      'kind',
      'result',
      'technique',
      'source',
      'equipment',
      'rebar',
      'heatNo',
      'pieceNo',
      ...(value.kind === 'production' ? (['scrapPieces'] as const) : []),
      'inspector',
      'inspectedAt',
      'remark',
    ]);

  const valueOf = (check: InspectionCheck) => {
    if (check.value === null) return '—';
    const unit = checkUnit(check) ?? '';
    return `${formatNumber(check.value, locale)}${unit ? ` ${unit}` : ''}`;
  };

  return (
    <DetailCard
      title={inspection && t('titles.inspection', { code: inspection.code })}
      buttons={null}
      loading={detail.isLoading}
      failed={detail.isError}
    >
      {inspection && (
        <Flex vertical gap="middle">
          <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={header(inspection)} />
          <Card size="small" title={t('fields.checks')}>
            <Table<InspectionCheck>
              data-testid="checks-table"
              size="small"
              rowKey="inspectionTypeId"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={inspection.checks}
              onRow={(check) => ({ 'data-testid': `check-${check.code}` }) as HTMLAttributes<HTMLElement>}
              columns={[
                {
                  title: t('fields.characteristic'),
                  key: 'name',
                  render: (_v, check) => `${check.code} ${check.name}`,
                },
                {
                  title: t('fields.method'),
                  dataIndex: 'method',
                  render: (method: InspectionMethod) => t(`method.${method}`),
                },
                { title: t('fields.value'), key: 'value', align: 'end', render: (_v, check) => valueOf(check) },
                {
                  title: t('fields.massLength'),
                  key: 'massLength',
                  render: (_v, check) =>
                    check.massKg === null || check.lengthMm === null
                      ? '—'
                      : `${formatNumber(check.massKg, locale, 3)} kg / ${check.lengthMm} mm`,
                },
                {
                  title: t('fields.limits'),
                  key: 'limits',
                  render: (_v, check) => limitsText(check.lowerLimit, check.upperLimit, checkUnit(check)),
                },
                {
                  title: t('fields.result'),
                  dataIndex: 'result',
                  render: (result: InspectionCheck['result']) => <InspectionResultTag result={result} />,
                },
                { title: t('fields.remark'), dataIndex: 'remark', render: (remark: string | null) => remark ?? '' },
              ]}
            />
          </Card>
        </Flex>
      )}
    </DetailCard>
  );
}
