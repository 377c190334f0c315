import { useEffect } from 'react';
import { Modal, message } from 'antd';
import type { FeedbackApis } from './feedback.tsx';

/** The message bar closes after 3 s (antd shows it at the top), at most three at once. */
const MESSAGE_CONFIG = { duration: 3, maxCount: 3 };

/**
 * Renders the message bar's and confirm dialog's holders inside the theme and locale providers, and hands
 * their functions to the feedback provider. Its own chunk: message, modal and what they bring (dialog,
 * notification, skeleton) are a tenth of the first chunk, which the login page need not wait for.
 */
export default function FeedbackHost({ onReady }: { onReady: (apis: FeedbackApis) => void }) {
  const [messageApi, messageHolder] = message.useMessage(MESSAGE_CONFIG);
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => onReady({ message: messageApi, modal: modalApi }), [onReady, messageApi, modalApi]);
  return (
    <>
      {modalHolder}
      {messageHolder}
    </>
  );
}
