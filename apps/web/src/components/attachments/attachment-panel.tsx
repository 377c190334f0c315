import { useRef, useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Flex, Image, Modal, Skeleton, Typography, Upload, type UploadFile } from 'antd';
import { DeleteOutlined, DownloadOutlined, EyeOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import {
  attachmentFilePath,
  attachmentSchema,
  attachmentUploadPath,
  type Attachment,
  type AttachmentEndpoints,
} from '@armature/domain';
import { useFeedback } from '../feedback.tsx';
import { formatDateTime } from '../resource/date-time.ts';
import { api } from '../../lib/api-client.ts';
import { ATTACHMENT_ACCEPT, attachmentError, attachmentRefusal, type AttachmentError } from './attachment-rules.ts';

const THUMBNAIL = 96;

/** An owner's path parameters. */
type Params = Record<string, string>;

/**
 * Whose files and how the panel speaks: `files` are the owner kind's declared attachment endpoints (domain
 * `attachmentEndpoints`: the list and the deletion; uploads and a file's bytes at the same paths) and
 * `params` name the owner (`{ id }` of a part, `{ receiptId }` of a receipt). The labels come from `texts`, a
 * `t` bound to a namespace and key prefix that has them all (`AttachmentTextKey`), e.g. the `t` of
 * `useTranslation('quality', { keyPrefix: 'receipt.certificates' })`: one that lacks a key fails the type
 * check. `testIdPrefix` (default `attachment`) names the test ids: `{prefix}s`
 * the panel, `{prefix}` a file's line, `{prefix}-image`, `-pdf`, `-preview`, `-upload`, `-upload-button`
 * and `-delete`.
 */
export type AttachmentPanelProps<P extends Params> = {
  files: AttachmentEndpoints<P>;
  params: P;
  mayEdit: boolean;
  texts: AttachmentTexts;
  testIdPrefix?: string;
};

/** The keys the panel reads under its prefix. */
export type AttachmentTextKey =
  | 'upload'
  | 'hint'
  | 'none'
  | 'preview'
  | 'download'
  | 'delete'
  | 'deleteConfirm'
  | 'deleted'
  | `errors.${AttachmentError['key']}`;
export type AttachmentTexts = (
  key: AttachmentTextKey,
  values?: { name?: string; max?: number; message?: string },
) => string;

/** One owner's files: its endpoints and parameters. */
type Owner<P extends Params> = Pick<AttachmentPanelProps<P>, 'files' | 'params'>;

const attachmentQueries = {
  list: <P extends Params>({ files, params }: Owner<P>) =>
    queryOptions({
      queryKey: [attachmentUploadPath(files, params), 'attachments'] as const,
      queryFn: ({ signal }) => api.call(files.list, { params, signal }),
    }),
  /** A file's bytes as an object url (an image or a PDF needs the bearer token, which a plain src cannot send). */
  url: <P extends Params>({ files, params }: Owner<P>, fileId: string) =>
    queryOptions({
      queryKey: [attachmentUploadPath(files, params), 'attachments', fileId] as const,
      queryFn: async ({ signal }) =>
        URL.createObjectURL(
          (await api.download(attachmentFilePath(files, params, fileId), undefined, { signal })).blob,
        ),
      staleTime: Infinity,
    }),
};

type FileProps<P extends Params> = { owner: Owner<P>; file: Attachment; testId: string };

function Thumbnail<P extends Params>({ owner, file, testId, onPreview }: FileProps<P> & { onPreview: () => void }) {
  const isPdf = file.mediaType === 'application/pdf';
  const url = useQuery({ ...attachmentQueries.url(owner, file.id), enabled: !isPdf });
  if (isPdf)
    return (
      <Button
        data-testid={`${testId}-pdf`}
        aria-label={file.fileName}
        icon={<FilePdfOutlined style={{ fontSize: 36 }} />}
        style={{ width: THUMBNAIL, height: THUMBNAIL }}
        onClick={onPreview}
      />
    );
  if (!url.data) return <Skeleton.Image active style={{ width: THUMBNAIL, height: THUMBNAIL }} />;
  return (
    <Image
      data-testid={`${testId}-image`}
      src={url.data}
      alt={file.fileName}
      width={THUMBNAIL}
      height={THUMBNAIL}
      style={{ objectFit: 'cover' }}
    />
  );
}

function PdfPreview<P extends Params>({ owner, file, testId, onClose }: FileProps<P> & { onClose: () => void }) {
  const url = useQuery(attachmentQueries.url(owner, file.id));
  return (
    <Modal open title={file.fileName} footer={null} onCancel={onClose} width="min(960px, 100vw)" destroyOnHidden>
      {url.data ? (
        <iframe
          data-testid={`${testId}-preview`}
          title={file.fileName}
          src={url.data}
          style={{ width: '100%', height: '75vh', border: 0 }}
        />
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}

/**
 * antd's upload list shows each file's state: waiting (chosen, not yet sent), uploading, complete,
 * error (refused here or by the server, with the reason), cancelled (removed while uploading) and removed.
 */
function AttachmentUpload<P extends Params>({
  owner,
  texts: t,
  testId,
}: {
  owner: Owner<P>;
  texts: AttachmentTexts;
  testId: string;
}) {
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: ({ file, signal }: { file: File; signal: AbortSignal }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.upload(attachmentUploadPath(owner.files, owner.params), form, attachmentSchema, { signal });
    },
    // Shown on the file's line, not in the global message bar.
    meta: { silent: true },
  });
  const [files, setFiles] = useState<UploadFile[]>([]);
  const uploads = useRef(new Map<string, AbortController>());
  const message = (error: AttachmentError) => t(`errors.${error.key}`, error.values);
  const update = (uid: string, change: Partial<UploadFile>) =>
    setFiles((current) => current.map((file) => (file.uid === uid ? { ...file, ...change } : file)));

  return (
    <Upload
      data-testid={`${testId}-upload`}
      accept={ATTACHMENT_ACCEPT}
      multiple
      fileList={files}
      beforeUpload={(file) => {
        const refusal = attachmentRefusal(file);
        if (!refusal) return true;
        // Refused here as the server would: listed with its reason, never sent.
        setFiles((current) => [
          ...current,
          { uid: file.uid, name: file.name, status: 'error', response: message(refusal), error: refusal },
        ]);
        return Upload.LIST_IGNORE;
      }}
      onChange={({ fileList }) =>
        setFiles((current) =>
          fileList.map((file) => {
            const known = current.find((candidate) => candidate.uid === file.uid);
            return known && known.status !== 'uploading' ? known : { ...file, status: file.status ?? 'uploading' };
          }),
        )
      }
      customRequest={({ file, onSuccess, onError }) => {
        const uid = (file as UploadFile).uid;
        const controller = new AbortController();
        uploads.current.set(uid, controller);
        upload.mutate(
          { file: file as File, signal: controller.signal },
          {
            onSuccess: async (attachment) => {
              onSuccess?.(attachment);
              update(uid, { status: 'done', percent: 100 });
              await queryClient.invalidateQueries({ queryKey: attachmentQueries.list(owner).queryKey });
            },
            onError: (error) => {
              if (controller.signal.aborted) return;
              const text = message(attachmentError(error));
              update(uid, { status: 'error', response: text });
              onError?.(new Error(text));
            },
            onSettled: () => uploads.current.delete(uid),
          },
        );
      }}
      onRemove={(file) => {
        // Removing a file still uploading cancels it.
        uploads.current.get(file.uid)?.abort();
        return true;
      }}
      showUploadList={{ showRemoveIcon: true }}
    >
      <Button data-testid={`${testId}-upload-button`} icon={<UploadOutlined />}>
        {t('upload')}
      </Button>
      <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
        {t('hint')}
      </Typography.Text>
    </Upload>
  );
}

/** A record's attached files: images as thumbnails (click to enlarge), PDFs previewed in the page, each downloadable. */
export function AttachmentPanel<P extends Params>({
  files: endpoints,
  params,
  mayEdit,
  texts: t,
  testIdPrefix = 'attachment',
}: AttachmentPanelProps<P>) {
  const { confirm, notify } = useFeedback();
  const queryClient = useQueryClient();
  const owner: Owner<P> = { files: endpoints, params };
  const files = useQuery(attachmentQueries.list(owner));
  const remove = useMutation({
    mutationFn: (fileId: string) => api.call(endpoints.remove, { params: { ...params, fileId } }),
  });
  const [previewing, setPreviewing] = useState<Attachment>();

  const download = async (file: Attachment) => {
    const [answer, { downloadBlob }] = await Promise.all([
      api.download(attachmentFilePath(endpoints, params, file.id), { download: 1 }),
      // The spreadsheet module holds the download helper; it loads on the first download.
      import('../resource/xlsx-export.ts'),
    ]);
    downloadBlob(answer.fileName ?? file.fileName, answer.blob);
  };
  const askDelete = (file: Attachment) =>
    void confirm({
      danger: true,
      content: t('deleteConfirm', { name: file.fileName }),
      onOk: () =>
        remove.mutateAsync(file.id, {
          onSuccess: async () => {
            notify.success(t('deleted', { name: file.fileName }));
            await queryClient.invalidateQueries({ queryKey: attachmentQueries.list(owner).queryKey });
          },
        }),
    });

  return (
    <Flex vertical gap="middle" data-testid={`${testIdPrefix}s`}>
      {mayEdit && <AttachmentUpload owner={owner} texts={t} testId={testIdPrefix} />}
      {files.isLoading ? (
        <Skeleton active />
      ) : !files.data?.length ? (
        <Empty description={t('none')} />
      ) : (
        <Image.PreviewGroup>
          <Flex vertical gap="small">
            {files.data.map((file) => (
              <Flex key={file.id} gap="middle" align="center" data-testid={testIdPrefix} wrap>
                <Thumbnail owner={owner} file={file} testId={testIdPrefix} onPreview={() => setPreviewing(file)} />
                <Flex vertical gap={0} style={{ flex: 1, minWidth: 160 }}>
                  <Typography.Text strong ellipsis>
                    {file.fileName}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {`${(file.size / 1024).toFixed(0)} KB · ${file.creatorName ?? ''} · ${formatDateTime(file.creationTime)}`}
                  </Typography.Text>
                </Flex>
                <Flex gap="small">
                  {file.mediaType === 'application/pdf' && (
                    <Button aria-label={t('preview')} icon={<EyeOutlined />} onClick={() => setPreviewing(file)} />
                  )}
                  <Button aria-label={t('download')} icon={<DownloadOutlined />} onClick={() => void download(file)} />
                  {mayEdit && (
                    <Button
                      data-testid={`${testIdPrefix}-delete`}
                      aria-label={t('delete')}
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => askDelete(file)}
                    />
                  )}
                </Flex>
              </Flex>
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
      {previewing && (
        <PdfPreview owner={owner} file={previewing} testId={testIdPrefix} onClose={() => setPreviewing(undefined)} />
      )}
    </Flex>
  );
}
