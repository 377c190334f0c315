import { useMemo, type ReactNode } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

export type NotifyLevel = 'success' | 'error' | 'warning' | 'info';
export type Notify = Record<NotifyLevel, (content: ReactNode) => void>;
export type ConfirmOptions = {
  content: ReactNode;
  /** Defaults to the localized "Prompt". */
  title?: ReactNode;
  /** A destructive action (deleting, reversing): the OK button is a danger button. */
  danger?: boolean;
  /** Runs on OK; while its promise is pending the OK button spins and the dialog stays open. */
  onOk?: () => unknown;
};
export type Feedback = {
  /** The message bar at the top, closing after 3 s. */
  notify: Notify;
  /** The global confirm dialog with close and OK buttons; resolves true after OK, false on close. */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
};

/**
 * The confirm dialog is 500 px wide at most (narrower screens keep a margin) and as
 * high as its content (a fixed height left a one-line question in an empty box).
 */
export const DIALOG_WIDTH = 500;

/** Global message bar and confirm dialog for screens; needs the antd `App` of the app providers. */
export function useFeedback(): Feedback {
  const { message, modal } = App.useApp();
  const { t } = useTranslation();
  return useMemo(
    () => ({
      notify: {
        success: (content) => void message.success(content),
        error: (content) => void message.error(content),
        warning: (content) => void message.warning(content),
        info: (content) => void message.info(content),
      },
      confirm: ({ content, title, danger, onOk }) =>
        new Promise<boolean>((resolve) => {
          modal.confirm({
            title: title ?? t('dialog.prompt'),
            content,
            width: DIALOG_WIDTH,
            className: 'armature-confirm',
            okText: t('actions.ok'),
            okButtonProps: { danger },
            cancelText: t('actions.close'),
            closable: true,
            onOk: async () => {
              await onOk?.();
              resolve(true);
            },
            onCancel: () => resolve(false),
          });
        }),
    }),
    [message, modal, t],
  );
}
