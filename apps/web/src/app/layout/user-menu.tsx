import { Button, Dropdown } from 'antd';
import {
  BellOutlined,
  CheckSquareOutlined,
  ColumnHeightOutlined,
  DashboardOutlined,
  KeyOutlined,
  LogoutOutlined,
  MailOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../lib/account.ts';
import { DASHBOARD_PATH, MESSAGES_PATH, MY_TASKS_PATH, NOTIFICATIONS_PATH } from '../../lib/user-paths.ts';
import { usePreferences } from '../../components/preferences.tsx';
import { CHANGE_PASSWORD_PATH, LOGIN_PATH, PROFILE_PATH } from '../navigation.ts';

/** The user menu's entry that switches between compact and comfortable density (not a page). */
export const DENSITY_KEY = 'density';

/** Signs out (the server forgets the refresh token) and opens the login page, which empties the caches. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await signOut();
    // The login page empties the caches once the signed-in screens are gone (emptied here, a query they
    // still watch would be asked again without a session, and its 401 would greet the login page).
    await navigate(LOGIN_PATH, { replace: true });
  };
}

/** Notifications, messages, profile, change password and sign out: the user's own entries (also in the phone header's menu). */
export function useUserMenuItems() {
  const { t } = useTranslation(['common', 'workbench', 'inbox']);
  const { compact } = usePreferences();
  return [
    {
      key: DASHBOARD_PATH,
      icon: <DashboardOutlined />,
      label: <span data-testid="user-menu-dashboard">{t('workbench:menu.dashboard')}</span>,
    },
    {
      key: MY_TASKS_PATH,
      icon: <CheckSquareOutlined />,
      label: <span data-testid="user-menu-tasks">{t('workbench:menu.tasks')}</span>,
    },
    {
      key: NOTIFICATIONS_PATH,
      icon: <BellOutlined />,
      label: <span data-testid="user-menu-notifications">{t('inbox:entries.notifications')}</span>,
    },
    {
      key: MESSAGES_PATH,
      icon: <MailOutlined />,
      label: <span data-testid="user-menu-messages">{t('inbox:entries.messages')}</span>,
    },
    { type: 'divider' as const },
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
      // Density: compact (the spec's default) or comfortable, remembered for the user.
      key: DENSITY_KEY,
      icon: <ColumnHeightOutlined />,
      label: (
        <span data-testid="user-menu-density">
          {t(compact ? 'layout.density.toComfortable' : 'layout.density.toCompact')}
        </span>
      ),
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
  const { compact, setCompact } = usePreferences();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: useUserMenuItems(),
        onClick: ({ key }) => {
          if (key === DENSITY_KEY) setCompact(!compact);
          else void (key === 'logout' ? logout() : navigate(key));
        },
      }}
    >
      <Button type="text" icon={<UserOutlined />} data-testid="user-menu">
        {name}
      </Button>
    </Dropdown>
  );
}
