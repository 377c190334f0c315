import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import type { UserStatus } from '@armature/domain';

/** Disabled accounts (self-registered ones arrive disabled) stand out, so the admin sees what to activate. */
export function UserStatusTag({ status }: { status: UserStatus }) {
  const { t } = useTranslation('rbac');
  return <Tag color={status === 'active' ? 'success' : 'warning'}>{t(`resources.user.enum.status.${status}`)}</Tag>;
}
