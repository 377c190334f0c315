import { Button, Dropdown } from 'antd';
import { KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../lib/account.ts';
import { CHANGE_PASSWORD_PATH, LOGIN_PATH, PROFILE_PATH } from '../navigation.ts';

/** Signs out (the server forgets the refresh token), empties the caches and opens the login page. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await signOut();
    queryClient.clear();
    await navigate(LOGIN_PATH, { replace: true });
  };
}

/** Profile, change password and sign out: the user's own entries (also in the phone header's menu). */
export function useUserMenuItems() {
  const { t } = useTranslation();
  return [
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
    { type: 'divider' as const },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      danger: true,
      label: <span data-testid="logout">{t('layout.userMenu.logout')}</span>,
    },
  ];
}

export function UserMenu({ name }: { name: string }) {
  const navigate = useNavigate();
  const logout = useSignOut();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: useUserMenuItems(),
        onClick: ({ key }) => void (key === 'logout' ? logout() : navigate(key)),
      }}
    >
      <Button type="text" icon={<UserOutlined />} data-testid="user-menu">
        {name}
      </Button>
    </Dropdown>
  );
}
