import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Table, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { BomImportLine } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { importLines } from './bom-import.ts';
import { bomMutations, refreshBoms } from './bom.queries.ts';

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Imports a sheet into a draft: the server reads it and answers every line with its problems (nothing
 * saved); the user confirms a clean preview, which replaces the nodes under the root.
 */
export function ImportDialog({ bomId, onClose }: { bomId: string; onClose: () => void }) {
  const { t } = useTranslation('bom');
  const locale = useLocale();
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const preview = useMutation(bomMutations.importPreview(bomId));
  const apply = useMutation({
    ...bomMutations.importApply(bomId),
    onSuccess: async () => {
      notify.success(t('import.applied'));
      await refreshBoms(queryClient);
      onClose();
    },
  });
  const answer = preview.data;
  return (
    <Modal
      open
      width="min(1100px, 100vw)"
      title={t('import.title')}
      onCancel={onClose}
      okText={t('import.apply')}
      okButtonProps={{ disabled: !answer || answer.errorCount > 0, loading: apply.isPending }}
      onOk={() => answer && apply.mutate({ lines: importLines(answer) })}
    >
      <Flex vertical gap="middle">
        <Upload
          accept={XLSX_ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            preview.mutate(file);
            return false;
          }}
        >
          <Button data-testid="import-file" icon={<UploadOutlined />} loading={preview.isPending}>
            {t('import.choose')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('import.hint')}</Typography.Text>
        {answer && (
          <Alert
            data-testid="import-summary"
            type={answer.errorCount > 0 ? 'error' : 'success'}
            title={
              answer.errorCount > 0
                ? t('import.problems', { count: answer.errorCount })
                : t('import.clean', { count: answer.lines.length })
            }
          />
        )}
        {answer && (
          <Table<BomImportLine>
            data-testid="import-preview"
            size="small"
            rowKey="row"
            pagination={false}
            scroll={{ x: 'max-content', y: 420 }}
            virtual
            dataSource={answer.lines}
            rowClassName={(line) => (line.problems.length ? 'ant-table-row-error' : '')}
            columns={[
              { title: t('import.row'), dataIndex: 'row', width: 64 },
              { title: t('import.level'), dataIndex: 'level', width: 64 },
              {
                title: t('fields.part'),
                dataIndex: 'partCode',
                width: 260,
                render: (_value, line) => (
                  <span style={{ paddingInlineStart: 12 * (line.level ?? 0) }}>
                    {`${line.partCode} ${line.partName ?? ''}`}
                  </span>
                ),
              },
              {
                title: t('fields.quantity'),
                dataIndex: 'quantity',
                width: 96,
                align: 'end',
                render: (value: number | null) => (value === null ? '' : formatNumber(value, locale)),
              },
              { title: t('fields.positionNo'), dataIndex: 'positionNo', width: 96 },
              { title: t('fields.remark'), dataIndex: 'remark', width: 160 },
              {
                title: t('import.problemColumn'),
                dataIndex: 'problems',
                width: 220,
                render: (_value, line) =>
                  line.problems.map((problem) => (
                    <Tag
                      key={`${problem.code}-${problem.field ?? ''}`}
                      color="red"
                      data-testid={`problem-${problem.code}`}
                    >
                      {t(`import.problem.${problem.code}`)}
                    </Tag>
                  )),
              },
            ]}
          />
        )}
      </Flex>
    </Modal>
  );
}
