import { Tag, theme } from 'antd';
import {
  OPERATION_STATUS_COLOURS,
  OPERATION_STATUS_LABELS,
  SALE_STATUS_LABELS,
  type OperationStatus,
  type SaleStatus,
} from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';

const SALE_STATUS_COLOURS: Record<SaleStatus, string> = { inStock: 'default', sold: 'cyan', leased: 'purple' };

export function OperationStatusTag({ status }: { status: OperationStatus }) {
  const locale = useLocale();
  return (
    <Tag data-testid="operation-status" data-state={status} color={OPERATION_STATUS_COLOURS[status]}>
      {OPERATION_STATUS_LABELS[status][locale]}
    </Tag>
  );
}

export function SaleStatusTag({ status }: { status: SaleStatus }) {
  const locale = useLocale();
  return <Tag color={SALE_STATUS_COLOURS[status]}>{SALE_STATUS_LABELS[status][locale]}</Tag>;
}

/**
 * The colour of each state as drawn on cards and charts: the theme's value of the preset the tags use
 * (light and dark), and a faint one for a stretch whose state is unknown.
 */
export function useStateColours(): Record<OperationStatus, string> & { unknown: string } {
  const { token } = theme.useToken();
  const presets: Record<string, string> = {
    green: token.green,
    gold: token.gold,
    red: token.red,
    blue: token.blue,
    default: token.colorTextQuaternary,
  };
  const colourOf = (state: OperationStatus) => presets[OPERATION_STATUS_COLOURS[state]] ?? token.colorTextQuaternary;
  return {
    running: colourOf('running'),
    idle: colourOf('idle'),
    fault: colourOf('fault'),
    offline: colourOf('offline'),
    maintenance: colourOf('maintenance'),
    unknown: token.colorFillSecondary,
  };
}
