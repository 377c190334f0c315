import { Tooltip, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { plantTimeZone } from '../../lib/plant-time.ts';

/**
 * The line's time zone, said once for every page: all times are shown on the plant's clock
 * (lib/plant-time.ts), which a browser set to another zone would otherwise not suggest.
 */
export function PlantZone() {
  const { t } = useTranslation();
  const zone = plantTimeZone();
  if (!zone) return null;
  return (
    <Tooltip title={t('layout.plantTimeHint', { zone })}>
      <Typography.Text type="secondary" data-testid="plant-time-zone" style={{ whiteSpace: 'nowrap' }}>
        <ClockCircleOutlined /> {zone}
      </Typography.Text>
    </Tooltip>
  );
}

/** The phone header menu's entry naming the line's time zone (no action), or none before a line is chosen. */
export function usePlantZoneItem() {
  const { t } = useTranslation();
  const zone = plantTimeZone();
  return zone
    ? [
        {
          key: 'plantZone',
          icon: <ClockCircleOutlined />,
          disabled: true,
          label: <span data-testid="header-menu-plant-zone">{t('layout.plantTime', { zone })}</span>,
        },
      ]
    : [];
}
