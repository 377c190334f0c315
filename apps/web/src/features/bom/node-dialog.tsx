import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal } from 'antd';
import { bomNodeInputSchema, type BomNode } from '@armature/domain';
import { DIALOG_WIDTH, useFeedback } from '../../components/feedback.tsx';
import { useZodField } from '../../lib/form-rules.ts';
import { bomMutations, refreshBoms } from './bom.queries.ts';
import { PartPicker } from './part-picker.tsx';

/** What the dialog does: add a child under `parent`, or edit `node`'s quantity, position and remark. */
export type NodeEdit = { kind: 'add'; parent: BomNode } | { kind: 'edit'; node: BomNode };

type Values = { partId?: string; quantity?: number; positionNo?: string | null; remark?: string | null };

export function NodeDialog({ bomId, edit, onClose }: { bomId: string; edit: NodeEdit; onClose: () => void }) {
  const { t } = useTranslation(['bom', 'common']);
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const zodField = useZodField(bomNodeInputSchema);
  const done = async () => {
    notify.success(t(edit.kind === 'add' ? 'node.added' : 'node.updated'));
    await refreshBoms(queryClient);
    onClose();
  };
  const add = useMutation({ ...bomMutations.addNode(bomId), onSuccess: done, meta: { form } });
  const update = useMutation({ ...bomMutations.updateNode(bomId), onSuccess: done, meta: { form } });
  const isRoot = edit.kind === 'edit' && edit.node.parentId === null;

  const submit = (values: Values) => {
    const fields = {
      quantity: values.quantity ?? 0,
      positionNo: values.positionNo?.trim() || null,
      remark: values.remark?.trim() || null,
    };
    if (edit.kind === 'add') add.mutate({ ...fields, parentNodeId: edit.parent.id, partId: values.partId ?? '' });
    else update.mutate({ nodeId: edit.node.id, body: fields });
  };
  const subject = edit.kind === 'add' ? edit.parent : edit.node;
  return (
    <Modal
      open
      width={DIALOG_WIDTH}
      title={t(edit.kind === 'add' ? 'node.addTitle' : 'node.editTitle', {
        part: `${subject.partCode} ${subject.partName}`,
      })}
      okText={t('common:actions.save')}
      okButtonProps={{ 'data-testid': 'node-save', loading: add.isPending || update.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          edit.kind === 'edit'
            ? { quantity: edit.node.quantity, positionNo: edit.node.positionNo, remark: edit.node.remark }
            : { quantity: 1 }
        }
      >
        {edit.kind === 'add' && (
          <Form.Item {...zodField('partId')} label={t('fields.part')}>
            <PartPicker data-testid="node-field-part" />
          </Form.Item>
        )}
        <Form.Item {...zodField('quantity')} label={t('fields.quantity')}>
          <InputNumber
            data-testid="node-field-quantity"
            min={0.001}
            max={1_000_000}
            disabled={isRoot}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item {...zodField('positionNo')} label={t('fields.positionNo')}>
          <Input data-testid="node-field-positionNo" maxLength={20} />
        </Form.Item>
        <Form.Item {...zodField('remark')} label={t('fields.remark')}>
          <Input data-testid="node-field-remark" maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
