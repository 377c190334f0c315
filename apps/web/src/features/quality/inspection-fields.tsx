import { useTranslation } from 'react-i18next';
import type { Inspection } from '@armature/domain';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { defineFields, documentField } from '../../components/resource/field-set.tsx';
import { InspectionSource, machineName } from './inspection-links.tsx';
import { InspectionKindTag, InspectionResultTag } from './quality-tags.tsx';

/**
 * An inspection record's fields, for its list and its detail's header. The list has no export of its own:
 * the server's workbook carries every check.
 */
export function useInspectionFields() {
  const { t } = useTranslation('quality');
  return defineFields<Inspection>()({
    code: documentField.code<Inspection>(t('fields.code')),
    inspectedAt: {
      title: t('fields.inspectedAt'),
      dataIndex: 'inspectedAt',
      sortable: true,
      render: (inspection) => formatDateTime(inspection.inspectedAt),
    },
    kind: {
      title: t('fields.kind'),
      dataIndex: 'kind',
      render: (inspection) => <InspectionKindTag kind={inspection.kind} />,
    },
    result: {
      title: t('fields.result'),
      dataIndex: 'result',
      sortable: true,
      render: (inspection) => <InspectionResultTag result={inspection.result} testId={`result-${inspection.code}`} />,
      detail: (inspection) => <InspectionResultTag result={inspection.result} testId="detail-result" />,
    },
    technique: { title: t('fields.technique'), dataIndex: 'techniqueName' },
    source: { title: t('fields.source'), render: (inspection) => <InspectionSource inspection={inspection} /> },
    equipment: {
      title: t('fields.equipment'),
      dataIndex: 'equipment',
      render: (inspection) => machineName(inspection.equipment),
    },
    rebar: { title: t('fields.rebar'), dataIndex: 'rebarName' },
    heatNo: {
      title: t('fields.heatNo'),
      dataIndex: 'heatNo',
      sortable: true,
      detail: (inspection) => inspection.heatNo || '—',
    },
    pieceNo: {
      title: t('fields.pieceNo'),
      dataIndex: 'pieceNo',
      column: { align: 'end' },
      render: (inspection) => inspection.pieceNo ?? '—',
    },
    scrapPieces: { title: t('fields.scrapPieces'), dataIndex: 'scrapPieces' },
    inspector: {
      title: t('fields.inspector'),
      dataIndex: 'inspectorName',
      detail: (inspection) => inspection.inspectorName ?? '—',
    },
    remark: {
      ...documentField.remark<Inspection>(t('fields.remark')),
      render: (inspection) => inspection.remark ?? '—',
    },
  });
}
