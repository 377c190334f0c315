import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Form, Modal } from 'antd';
import { changePasswordSchema, type User } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { usersMutations } from './users.queries.ts';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';

type Values = { newPassword: string };

/** An administrator sets another user's password (no current password needed). */
export function SetPasswordModal({ user, onClose }: { user: User | undefined; onClose: () => void }) {
  const { t } = useTranslation('rbac');
  const { notify } = useFeedback();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    ...usersMutations.setPassword(),
    onSuccess: () => {
      notify.success(t('messages.passwordSet', { userName: user?.userName }));
      onClose();
    },
    meta: { form },
  });
  return (
    <Modal
      open={user !== undefined}
      title={t('setPassword.title', { userName: user?.userName })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) => {
          if (user) save.mutate({ ...values, userId: user.id });
        }}
      >
        <NewPasswordFields
          schema={changePasswordSchema}
          name="newPassword"
          label={t('resources.user.fields.newPassword')}
          confirmLabel={t('resources.user.fields.confirmPassword')}
        />
        <Flex gap="small" justify="end">
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button data-testid="password-submit" type="primary" htmlType="submit" loading={save.isPending}>
            {t('actions.save')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
