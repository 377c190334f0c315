import { useTranslation } from 'react-i18next';
import { DESIGN_BOM_STATUSES, type DesignBom } from '@armature/domain';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { defineFields, documentField } from '../../components/resource/field-set.tsx';
import { BomStatusTag } from './bom-tags.tsx';

/** A design BOM's fields, for its list, its export and its detail's header. */
export function useDesignBomFields() {
  const { t } = useTranslation('bom');
  return defineFields<DesignBom>()({
    code: documentField.code<DesignBom>(t('fields.code')),
    version: {
      title: t('fields.version'),
      dataIndex: 'version',
      sortable: true,
      render: (bom) => `V${bom.version}`,
    },
    name: documentField.name<DesignBom>(t('fields.name')),
    status: documentField.status<DesignBom>(
      t('fields.status'),
      (status) => <BomStatusTag status={status} />,
      (status) => t(`status.${status}`),
      DESIGN_BOM_STATUSES,
    ),
    productType: { title: t('fields.productType'), dataIndex: 'productTypeName' },
    rootPart: {
      title: t('fields.rootPart'),
      dataIndex: 'partCode',
      render: (bom) => `${bom.partCode} ${bom.partName}`,
    },
    // Secondary in the list: the tree shows it; below 1600 px the creation time needs its room.
    nodeCount: { title: t('fields.nodeCount'), dataIndex: 'nodeCount', column: { responsive: ['xxl'] } },
    releasedAt: {
      title: t('fields.releasedAt'),
      dataIndex: 'releasedAt',
      render: (bom) => (bom.releasedAt ? formatDateTime(bom.releasedAt) : ''),
      detail: (bom) => bom.releasedAt && `${formatDateTime(bom.releasedAt)} ${bom.releasedByName ?? ''}`,
    },
    creationTime: documentField.creationTime<DesignBom>(t('fields.creationTime')),
    remark: documentField.remark<DesignBom>(t('fields.remark')),
  });
}
