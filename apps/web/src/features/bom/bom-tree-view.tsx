import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Flex, Grid, Tree, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, MoreOutlined, NodeExpandOutlined, PlusOutlined } from '@ant-design/icons';
import { BOM_PERMISSIONS, pageUrlOf, type BomNode } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { dropToMove, toTree, treeDropOf, type BomTreeItem } from './bom-tree.ts';
import { bomMutations, refreshBoms } from './bom.queries.ts';
import { NodeDialog, type NodeEdit } from './node-dialog.tsx';

/** The tree's height: it scrolls inside it, rendering only the rows in view (a BOM may have 10,000 nodes). */
const HEIGHT = { desktop: 560, phone: 420 };

/** One node's line: position, part, quantity × unit, and its rolled figures per top-level unit. */
export function NodeFigures({ node }: { node: BomNode }) {
  const { t } = useTranslation('bom');
  const locale = useLocale();
  return (
    // Wraps on a phone rather than widening the page.
    <Flex gap={8} wrap align="baseline" style={{ flex: 1, minWidth: 0 }} data-testid={`node-${node.partCode}`}>
      {node.positionNo && <Typography.Text type="secondary">{node.positionNo}</Typography.Text>}
      <Typography.Text strong>{node.partCode}</Typography.Text>
      <Typography.Text>{node.partName}</Typography.Text>
      <Typography.Text data-testid="node-quantity">{`${formatNumber(node.quantity, locale)} × ${node.partUnit}`}</Typography.Text>
      <Typography.Text type="secondary" data-testid="node-rolled">
        {t('node.rolled', {
          quantity: formatNumber(node.rolledQuantity, locale),
          weight: formatNumber(node.rolledWeight, locale, 3),
          cost: formatNumber(node.rolledCost, locale, 2),
        })}
      </Typography.Text>
    </Flex>
  );
}

function NodeMenu({
  node,
  editable,
  onEdit,
  onRemove,
  onSubtree,
}: {
  node: BomNode;
  editable: boolean;
  onEdit: (edit: NodeEdit) => void;
  onRemove: (node: BomNode) => void;
  onSubtree: (node: BomNode) => void;
}) {
  const { t } = useTranslation('bom');
  const isRoot = node.parentId === null;
  const items = [
    ...(editable
      ? [
          {
            key: 'add',
            icon: <PlusOutlined />,
            label: t('node.add'),
            onClick: () => onEdit({ kind: 'add', parent: node }),
          },
          { key: 'edit', icon: <EditOutlined />, label: t('node.edit'), onClick: () => onEdit({ kind: 'edit', node }) },
          ...(isRoot
            ? []
            : [
                {
                  key: 'remove',
                  icon: <DeleteOutlined />,
                  danger: true,
                  label: t('node.remove'),
                  onClick: () => onRemove(node),
                },
              ]),
        ]
      : []),
    { key: 'subtree', icon: <NodeExpandOutlined />, label: t('node.subtree'), onClick: () => onSubtree(node) },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button
        data-testid={`node-menu-${node.partCode}`}
        type="text"
        size="small"
        aria-label={t('node.actions')}
        icon={<MoreOutlined />}
        onClick={(event) => event.stopPropagation()}
      />
    </Dropdown>
  );
}

/**
 * A design BOM's tree: virtualised, every node with its figures and a menu of what may be done to it
 * (add a child, edit, remove, open its subtree). A draft's nodes are dragged to move them; the server
 * refuses a move that would make a part contain itself, and its message is shown.
 */
export function BomTreeView({ bomId, nodes, editable }: { bomId: string; nodes: BomNode[]; editable: boolean }) {
  const { t } = useTranslation('bom');
  const navigate = useNavigate();
  const { confirm, notify } = useFeedback();
  const queryClient = useQueryClient();
  const phone = Grid.useBreakpoint().md === false;
  const tree = useMemo(() => toTree(nodes), [nodes]);
  const [expanded, setExpanded] = useState<Key[]>(() =>
    nodes.filter((node) => node.childCount > 0).map((node) => node.id),
  );
  const [edit, setEdit] = useState<NodeEdit>();
  const move = useMutation({ ...bomMutations.moveNode(bomId), onSuccess: () => refreshBoms(queryClient) });
  const remove = useMutation(bomMutations.removeNode(bomId));

  const openEdit = (next: NodeEdit) => {
    if (next.kind === 'add') setExpanded((keys) => [...new Set([...keys, next.parent.id])]);
    setEdit(next);
  };
  const askRemove = (node: BomNode) =>
    void confirm({
      danger: true,
      content: t('node.removeConfirm', { part: `${node.partCode} ${node.partName}`, count: node.childCount }),
      onOk: () =>
        remove.mutateAsync(node.id, {
          onSuccess: async () => {
            notify.success(t('node.removed'));
            await refreshBoms(queryClient);
          },
        }),
    });
  const openSubtree = (node: BomNode) =>
    void navigate(`${pageUrlOf(BOM_PERMISSIONS.design)}/children/${node.id}?bom=${bomId}`);

  return (
    <div data-testid="bom-tree">
      <Tree<BomTreeItem>
        virtual
        height={phone ? HEIGHT.phone : HEIGHT.desktop}
        blockNode
        showLine
        treeData={tree}
        expandedKeys={expanded}
        onExpand={setExpanded}
        selectable={false}
        draggable={
          editable && { icon: false, nodeDraggable: (item) => (item as unknown as BomTreeItem).node.parentId !== null }
        }
        onDrop={(info) => {
          const target = dropToMove(nodes, treeDropOf(info));
          if (target)
            move.mutate({ nodeId: target.nodeId, body: { parentNodeId: target.parentNodeId, index: target.index } });
        }}
        titleRender={(item) => (
          <Flex gap={4} align="center" wrap="nowrap">
            <NodeFigures node={item.node} />
            <NodeMenu
              node={item.node}
              editable={editable}
              onEdit={openEdit}
              onRemove={askRemove}
              onSubtree={openSubtree}
            />
          </Flex>
        )}
      />
      {edit && <NodeDialog bomId={bomId} edit={edit} onClose={() => setEdit(undefined)} />}
    </div>
  );
}
