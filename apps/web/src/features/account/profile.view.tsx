import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Form, Input, Space, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { maskTelephone, profileUpdateSchema, type ProfileUpdate } from '@armature/domain';
import { useZodField } from '../../lib/form-rules.ts';
import { useSession } from '../../lib/use-session.ts';
import { useFeedback } from '../../components/feedback.tsx';
import { useRoleLabel } from '../../components/role-label.ts';
import { accountMutations } from './account.queries.ts';
import { UserProductSettingCard } from './user-product-setting.card.tsx';

/** The signed-in user's own data; name, e-mail and telephone are editable. */
export function ProfileView() {
  const { t } = useTranslation(['auth', 'common']);
  const roleName = useRoleLabel(undefined);
  const session = useSession();
  const user = session?.user;
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<ProfileUpdate>();
  const field = useZodField(profileUpdateSchema);
  const { notify } = useFeedback();
  const save = useMutation({
    ...accountMutations.profile(),
    meta: { form },
    onSuccess: () => {
      notify.success(t('profile.saved'));
      setEditing(false);
    },
  });
  if (!user) return null;
  const edit = () => {
    form.setFieldsValue({ name: user.name, email: user.email ?? '', telephone: user.telephone ?? '' });
    setEditing(true);
  };
  return (
    <Flex vertical gap="middle">
      <Card
        title={t('profile.title')}
        data-testid="profile"
        extra={
          !editing && (
            <Button icon={<EditOutlined />} onClick={edit} data-testid="profile-edit">
              {t('profile.edit')}
            </Button>
          )
        }
      >
        {editing ? (
          <Form<ProfileUpdate>
            form={form}
            layout="vertical"
            style={{ maxWidth: 480 }}
            onFinish={(values) => save.mutate(values)}
            data-testid="profile-form"
          >
            <Form.Item {...field('name')} label={t('fields.name')}>
              <Input data-testid="profile-name" />
            </Form.Item>
            <Form.Item {...field('email')} label={t('fields.email')}>
              <Input type="email" data-testid="profile-email" />
            </Form.Item>
            <Form.Item {...field('telephone')} label={t('fields.telephone')}>
              <Input type="tel" data-testid="profile-telephone-input" />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
                {t('common:actions.save')}
              </Button>
              <Button onClick={() => setEditing(false)}>{t('common:actions.cancel')}</Button>
            </Space>
          </Form>
        ) : (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('fields.userName')}>{user.userName}</Descriptions.Item>
            <Descriptions.Item label={t('fields.name')}>{user.name}</Descriptions.Item>
            <Descriptions.Item label={t('fields.email')}>{user.email}</Descriptions.Item>
            <Descriptions.Item label={t('fields.telephone')}>
              <span data-testid="profile-telephone">{maskTelephone(user.telephone)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.roles')}>
              {user.roles.map((role) => (
                <Tag key={role} title={role}>
                  {roleName(role)}
                </Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.client')}>{session.client?.activeName}</Descriptions.Item>
            <Descriptions.Item label={t('fields.product')}>{session.product?.activeName}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      {session.product && <UserProductSettingCard product={session.product} />}
    </Flex>
  );
}
