import type { ReactNode } from 'react';
import { Card } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageUrlOf } from '@armature/domain';

/**
 * One tile of the home dashboard: its title, and a link to the page where its numbers come from
 * (the server leaves out a tile whose page the user may not open, so the link always leads somewhere).
 */
export function DashboardTile(props: { name: string; title: string; page: string; children: ReactNode }) {
  const { name, title, page, children } = props;
  const { t } = useTranslation('workbench');
  return (
    <Card
      size="small"
      title={title}
      data-testid={`tile-${name}`}
      style={{ height: '100%' }}
      extra={
        <Link to={pageUrlOf(page)} data-testid={`tile-${name}-link`}>
          {t('dashboard.open')} <RightOutlined />
        </Link>
      }
    >
      {children}
    </Card>
  );
}
