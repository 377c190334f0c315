import { Button, Dropdown } from 'antd';
import { KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../lib/account.ts';
import { CHANGE_PASSWORD_PATH, LOGIN_PATH, PROFILE_PATH } from '../navigation.ts';

export function UserMenu({ name }: { name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = async () => {
    await signOut();
    queryClient.clear();
    await navigate(LOGIN_PATH, { replace: true });
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: PROFILE_PATH,
            icon: <UserOutlined />,
            label: <span data-testid="user-menu-profile">{t('layout.userMenu.profile')}</span>,
          },
          {
            key: CHANGE_PASSWORD_PATH,
            icon: <KeyOutlined />,
            label: <span data-testid="user-menu-change-password">{t('layout.userMenu.changePassword')}</span>,
          },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            danger: true,
            label: <span data-testid="logout">{t('layout.userMenu.logout')}</span>,
          },
        ],
        onClick: ({ key }) => void (key === 'logout' ? logout() : navigate(key)),
      }}
    >
      <Button type="text" icon={<UserOutlined />} data-testid="user-menu">
        {name}
      </Button>
    </Dropdown>
  );
}
