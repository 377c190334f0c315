import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Flex, Table } from 'antd';
import type { Inspection, InspectionCheck, InspectionMethod } from '@armature/domain';
import { DetailCard } from '../../components/detail-card.tsx';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { InspectionSource, machineName } from './inspection-links.tsx';
import { checkUnit, limitsText } from './quality-format.ts';
import { qualityQueries } from './quality.queries.ts';
import { InspectionKindTag, InspectionResultTag } from './quality-tags.tsx';

/** An inspection record (`…/inspection/detail/:id`): its header and every check as it was judged. */
export default function InspectionDetailView() {
  const { t } = useTranslation('quality');
  const locale = useLocale();
  const { id } = useParams();
  const detail = useQuery(qualityQueries.inspection(id));
  const inspection = detail.data;

  const header = (value: Inspection) => [
    { key: 'kind', label: t('fields.kind'), children: <InspectionKindTag kind={value.kind} /> },
    {
      key: 'result',
      label: t('fields.result'),
      children: <InspectionResultTag result={value.result} testId="detail-result" />,
    },
    { key: 'technique', label: t('fields.technique'), children: value.techniqueName },
    { key: 'source', label: t('fields.source'), children: <InspectionSource inspection={value} /> },
    { key: 'equipment', label: t('fields.equipment'), children: machineName(value.equipment) },
    { key: 'rebar', label: t('fields.rebar'), children: value.rebarName },
    { key: 'heatNo', label: t('fields.heatNo'), children: value.heatNo || '—' },
    { key: 'pieceNo', label: t('fields.pieceNo'), children: value.pieceNo ?? '—' },
    ...(value.kind === 'production'
      ? [{ key: 'scrapPieces', label: t('fields.scrapPieces'), children: value.scrapPieces }]
      : []),
    { key: 'inspector', label: t('fields.inspector'), children: value.inspectorName ?? '—' },
    { key: 'inspectedAt', label: t('fields.inspectedAt'), children: formatDateTime(value.inspectedAt) },
    { key: 'remark', label: t('fields.remark'), children: value.remark ?? '—' },
  ];

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
