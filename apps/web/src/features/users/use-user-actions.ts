import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { api } from '../../lib/api-client.ts';
import { USERS } from './users.queries.ts';
import type { IssuedToken } from './reset-token-modal.tsx';

/** The personnel list's quick actions: activate a (self-registered) account, issue a reset token. */
export function useUserActions() {
  const { t } = useTranslation('rbac');
  const { notify, confirm } = useFeedback();
  const queryClient = useQueryClient();
  const [issued, setIssued] = useState<IssuedToken>();

  const activate = useMutation({
    // PUT takes the record as GET returned it, so only the status changes.
    mutationFn: (user: User) => api.put(`${USERS}/${user.id}`, { ...user, status: 'active' }),
    onSuccess: (_data, user) => notify.success(t('messages.activated', { userName: user.userName })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [USERS] }),
  });
  const issueToken = useMutation({
    mutationFn: (user: User) => api.post<Omit<IssuedToken, 'userName'>>(`${USERS}/${user.id}/reset-token`),
    onSuccess: (token, user) => setIssued({ ...token, userName: user.userName }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [USERS] }),
  });

  return {
    activate: (user: User) => activate.mutate(user),
    issueToken: (user: User) =>
      confirm({
        content: t('resetToken.confirm', { userName: user.userName }),
        onOk: () => issueToken.mutateAsync(user).catch(() => undefined),
      }),
    issued,
    closeIssued: () => setIssued(undefined),
  };
}
