import {
  Suspense,
  createContext,
  lazy,
  use,
  useCallback,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { App } from 'antd';
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

/** antd's hook-based message bar and confirm dialog, which take the theme and locale of the providers. */
export type FeedbackApis = Pick<ReturnType<typeof App.useApp>, 'message' | 'modal'>;
type WithApis = (call: (apis: FeedbackApis) => void) => void;

/**
 * A chunk that cannot load (the network dropped, a release replaced it) leaves the messages unshown rather
 * than taking the whole app down: the providers sit above every error boundary.
 */
const FeedbackHost = lazy<ComponentType<{ onReady: (apis: FeedbackApis) => void }>>(() =>
  import('./feedback-host.tsx').catch(() => ({ default: () => null })),
);

const FeedbackContext = createContext<WithApis | undefined>(undefined);

/**
 * The message bar and confirm dialog. Their antd parts load in their own chunk: at once when `preload` (a
 * signed-in user, whose screens use them), else on first use — the login page shows a message only when
 * sign-in fails. What is asked before the chunk is in waits for it, in order.
 */
export function FeedbackProvider({ preload, children }: { preload: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(preload);
  const apis = useRef<FeedbackApis | null>(null);
  const waiting = useRef<((apis: FeedbackApis) => void)[]>([]);
  // Once loaded the host stays, also after sign-out: unmounting it would close what it shows.
  if (preload && !wanted) setWanted(true);
  const onReady = useCallback((ready: FeedbackApis) => {
    apis.current = ready;
    for (const call of waiting.current.splice(0)) call(ready);
  }, []);
  const withApis = useCallback<WithApis>((call) => {
    if (apis.current) return call(apis.current);
    waiting.current.push(call);
    setWanted(true);
  }, []);
  return (
    <FeedbackContext value={withApis}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <FeedbackHost onReady={onReady} />
        </Suspense>
      )}
    </FeedbackContext>
  );
}

/** Global message bar and confirm dialog for screens; needs the `FeedbackProvider` of the app providers. */
export function useFeedback(): Feedback {
  const withApis = use(FeedbackContext);
  if (!withApis) throw new Error('useFeedback needs the app providers');
  const { t } = useTranslation();
  return useMemo(
    () => ({
      notify: {
        success: (content) => withApis(({ message }) => void message.success(content)),
        error: (content) => withApis(({ message }) => void message.error(content)),
        warning: (content) => withApis(({ message }) => void message.warning(content)),
        info: (content) => withApis(({ message }) => void message.info(content)),
      },
      confirm: ({ content, title, danger, onOk }) =>
        new Promise<boolean>((resolve) => {
          withApis(({ modal }) =>
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
            }),
          );
        }),
    }),
    [withApis, t],
  );
}
