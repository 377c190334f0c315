import { Result } from 'antd';
import { SmileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/use-session.ts';

/** `/` when none of the user's pages has a screen yet (otherwise `/` opens the first page). */
export function HomeView() {
  const { t } = useTranslation();
  const name = useSession()?.user?.name ?? '';
  return (
    <Result
      data-testid="home"
      icon={<SmileOutlined />}
      title={t('layout.home.welcome', { name })}
      subTitle={t('layout.home.empty')}
    />
  );
}
