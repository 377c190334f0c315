import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import type { Equipment, MqttCredentials } from '@armature/domain';
import { DIALOG_WIDTH, useFeedback } from '../../components/feedback.tsx';
import { equipmentMutations, refreshEquipment } from './equipment.queries.ts';

/** One value to hand to the machine's installer, with its copy button. */
function Copyable({ testId, value }: { testId: string; value: string }) {
  const { t } = useTranslation('equipment');
  return (
    <Typography.Text
      data-testid={testId}
      code
      copyable={{ text: value, tooltips: [t('actions.copy'), t('actions.copied')] }}
    >
      {value}
    </Typography.Text>
  );
}

/** The credentials just issued: shown this once, since the server keeps only the password's hash. */
function CredentialsDialog({ issued, onClose }: { issued: MqttCredentials; onClose: () => void }) {
  const { t } = useTranslation('equipment');
  return (
    <Modal
      open
      width={DIALOG_WIDTH}
      title={t('credentials.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Button data-testid="credentials-close" type="primary" onClick={onClose}>
          {t('actions.close')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('credentials.once')} style={{ marginBottom: 12 }} />
      <Descriptions
        size="small"
        column={1}
        layout="vertical"
        items={[
          {
            key: 'username',
            label: t('credentials.username'),
            children: <Copyable testId="credentials-username" value={issued.username} />,
          },
          {
            key: 'password',
            label: t('credentials.password'),
            children: <Copyable testId="credentials-password" value={issued.password} />,
          },
          {
            key: 'topicPrefix',
            label: t('credentials.topicPrefix'),
            children: <Copyable testId="credentials-topic" value={`${issued.topicPrefix}/#`} />,
          },
          {
            key: 'brokerUrl',
            label: t('credentials.brokerUrl'),
            children: <Copyable testId="credentials-broker" value={issued.brokerUrl} />,
          },
        ]}
      />
    </Modal>
  );
}

/**
 * The maker's "MQTT credentials" action on a machine: issues its user name and password and shows
 * them once. Re-issuing revokes the credentials the machine uses now, so it asks first.
 */
export function useCredentialsAction(machine: Equipment | undefined) {
  const { t } = useTranslation('equipment');
  const { confirm } = useFeedback();
  const queryClient = useQueryClient();
  const [issued, setIssued] = useState<MqttCredentials>();
  const issue = useMutation({
    ...equipmentMutations.issueCredentials(machine?.id ?? ''),
    onSuccess: async (credentials) => {
      setIssued(credentials);
      await refreshEquipment(queryClient);
    },
  });
  const start = async () => {
    if (!machine) return;
    if (machine.telemetry) {
      const sure = await confirm({
        title: t('credentials.reissueTitle'),
        content: t('credentials.reissue', { username: machine.mqttUsername ?? machine.serialNumber }),
        danger: true,
      });
      if (!sure) return;
    }
    issue.mutate();
  };
  return {
    button: machine && (
      <Button
        data-testid="issue-credentials"
        icon={<KeyOutlined />}
        loading={issue.isPending}
        onClick={() => void start()}
      >
        {t(machine.telemetry ? 'credentials.reissueButton' : 'credentials.issueButton')}
      </Button>
    ),
    dialog: issued && <CredentialsDialog issued={issued} onClose={() => setIssued(undefined)} />,
  };
}
