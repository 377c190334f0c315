import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import type { DesignBomStatus } from '@armature/domain';

const STATUS_COLORS: Record<DesignBomStatus, string> = { draft: 'gold', released: 'green', obsolete: 'default' };

export function BomStatusTag({ status }: { status: DesignBomStatus }) {
  const { t } = useTranslation('bom');
  return (
    <Tag data-testid="bom-status" color={STATUS_COLORS[status]}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** A BOM's code and version as lists and links show them: `CUTTER-200 V2`. */
export const versionLabel = (bom: { code: string; version: number }) => `${bom.code} V${bom.version}`;
