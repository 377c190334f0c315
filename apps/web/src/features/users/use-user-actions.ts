import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { usersKeys, usersMutations } from './users.queries.ts';
import type { IssuedToken } from './reset-token-modal.tsx';

/** The personnel list's quick actions: activate a (self-registered) account, issue a reset token. */
export function useUserActions() {
  const { t } = useTranslation('rbac');
  const { notify, confirm } = useFeedback();
  const queryClient = useQueryClient();
  const [issued, setIssued] = useState<IssuedToken>();

  const activate = useMutation({
    ...usersMutations.activate(),
    onSuccess: (_data, user) => notify.success(t('messages.activated', { userName: user.userName })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.users() }),
  });
  const issueToken = useMutation({
    ...usersMutations.issueResetToken(),
    onSuccess: (token, user) => setIssued({ ...token, userName: user.userName }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.users() }),
  });

  return {
    activate: (user: User) => activate.mutate(user),
    issueToken: (user: User) =>
      confirm({
        title: t('resetToken.confirmTitle', { userName: user.userName }),
        content: t('resetToken.confirm', { userName: user.userName }),
        onOk: () => issueToken.mutateAsync(user).catch(() => undefined),
      }),
    issued,
    closeIssued: () => setIssued(undefined),
  };
}
