import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { DIALOG_WIDTH } from '../../components/feedback.tsx';

/**
 * The device camera, reading QR codes until one is found (then `onCode` with its text and the camera
 * stops). The reader (@zxing/browser) loads when the dialog first opens.
 */
function CameraDialog({ onCode, onClose }: { onCode: (text: string) => void; onClose: () => void }) {
  const { t } = useTranslation('processing');
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  // The camera starts once per opening, whatever the parent re-renders.
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  });
  useEffect(() => {
    let stop: (() => void) | undefined;
    let ended = false;
    void import('@zxing/browser')
      .then(({ BrowserQRCodeReader }) =>
        new BrowserQRCodeReader().decodeFromVideoDevice(
          undefined,
          video.current ?? undefined,
          (result, _error, controls) => {
            if (!result || ended) return;
            ended = true;
            controls.stop();
            found.current(result.getText());
          },
        ),
      )
      .then((controls) => {
        if (ended) controls.stop();
        else stop = () => controls.stop();
      })
      .catch(() => setFailed(true));
    return () => {
      ended = true;
      stop?.();
    };
  }, []);
  return (
    <Modal open title={t('operator.scanTitle')} width={DIALOG_WIDTH} footer={null} onCancel={onClose} destroyOnHidden>
      {failed ? (
        <Typography.Paragraph type="warning" data-testid="camera-failed">
          {t('operator.cameraFailed')}
        </Typography.Paragraph>
      ) : (
        <video ref={video} data-testid="camera-preview" style={{ width: '100%' }} muted playsInline />
      )}
    </Modal>
  );
}

/**
 * Scanning a tag or a task: the camera (a QR code), or a hand scanner, which types the code into the
 * input and presses Enter — the input is also where a code is typed by hand.
 */
export function ScanInput({
  onCode,
  pending,
  autoFocus,
}: {
  onCode: (text: string) => void;
  pending: boolean;
  autoFocus: boolean;
}) {
  const { t } = useTranslation('processing');
  const [camera, setCamera] = useState(false);
  const [text, setText] = useState('');
  const submit = (value: string) => {
    const code = value.trim();
    if (!code) return;
    setText('');
    onCode(code);
  };
  return (
    <Flex gap="small" align="stretch">
      <Input.Search
        data-testid="scan-input"
        size="large"
        value={text}
        autoFocus={autoFocus}
        placeholder={t('operator.scanPlaceholder')}
        enterButton={t('operator.open')}
        loading={pending}
        onChange={(event) => setText(event.target.value)}
        onSearch={submit}
      />
      <Button
        data-testid="scan-camera"
        size="large"
        icon={<ScanOutlined />}
        aria-label={t('operator.scan')}
        style={{ minWidth: 56 }}
        onClick={() => setCamera(true)}
      />
      {camera && (
        <CameraDialog
          onClose={() => setCamera(false)}
          onCode={(code) => {
            setCamera(false);
            submit(code);
          }}
        />
      )}
    </Flex>
  );
}
