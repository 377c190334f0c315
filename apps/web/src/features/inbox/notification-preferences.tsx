import { Alert, Drawer, Flex, Skeleton, Switch, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_KINDS, type NotificationKind } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { saveUserPreferences } from '../../lib/user-preferences.ts';
import { inboxKeys, inboxQueries } from './inbox.queries.ts';

/**
 * Which kinds of notification the user receives: one switch per kind, saved at once on the server
 * (`mutedKinds` of their preferences), so it holds in any browser. Muting stops new ones only.
 */
export function NotificationPreferences({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('inbox');
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const preferences = useQuery({ ...inboxQueries.preferences(), enabled: open });
  const mute = useMutation({
    // Mutes exactly the kinds sent (the rest of the preferences stays as it was).
    ...saveUserPreferences(),
    onSuccess: (saved) => {
      queryClient.setQueryData(inboxKeys.preferences(), saved);
      notify.success(t('preferences.saved'));
    },
  });
  const muted = new Set((mute.isPending ? mute.variables.mutedKinds : preferences.data?.mutedKinds) ?? []);
  const toggle = (kind: NotificationKind, receive: boolean) =>
    mute.mutate({ mutedKinds: NOTIFICATION_KINDS.filter((each) => (each === kind ? !receive : muted.has(each))) });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('preferences.title')}
      size="min(420px, 100vw)"
      data-testid="notification-preferences"
    >
      <Flex vertical gap="middle">
        <Alert type="info" showIcon title={t('preferences.hint')} />
        {preferences.isPending ? (
          <Skeleton active />
        ) : (
          NOTIFICATION_KINDS.map((kind) => (
            <Flex key={kind} justify="space-between" align="center" gap="middle">
              <Flex vertical>
                <Typography.Text>{t(`notifications.kindNames.${kind}`)}</Typography.Text>
                <Typography.Text type="secondary">{t(`preferences.describe.${kind}`)}</Typography.Text>
              </Flex>
              <Switch
                data-testid={`preference-${kind}`}
                checked={!muted.has(kind)}
                disabled={preferences.isError}
                onChange={(receive) => toggle(kind, receive)}
              />
            </Flex>
          ))
        )}
      </Flex>
    </Drawer>
  );
}
