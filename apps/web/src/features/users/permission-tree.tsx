import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Checkbox, Flex, Skeleton, Tag, Tree, Typography, theme, type TreeDataNode } from 'antd';
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { ADMIN_ROLE } from '@armature/domain';
import { useIsPageBuilt } from '../../components/built-pages.tsx';
import { useFeedback } from '../../components/feedback.tsx';
import {
  buttonsTickedWith,
  checkedKeys,
  grantChanges,
  toggleGrant,
  toPermissionTree,
  type PermissionNode,
} from './permission-grants.ts';
import { usersMutations, usersQueries } from './users.queries.ts';

/** Buttons are not tree rows: they sit as checkboxes on their page's row, which keeps the tree short. */
function toTreeData(nodes: PermissionNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title: node.title,
    children: node.kind === 'page' ? undefined : node.children && toTreeData(node.children),
  }));
}

function indexByKey(nodes: PermissionNode[], index = new Map<string, PermissionNode>()) {
  for (const node of nodes) {
    index.set(node.key, node);
    if (node.children) indexByKey(node.children, index);
  }
  return index;
}

/**
 * A role's grants as a system → menu → page → button tree of checkboxes, saved as the list of changes.
 * The admin role always holds everything, so its tree is shown fully checked and cannot be edited; a
 * template is shown read-only to a client's manager. The tree offers what the caller may grant.
 */
export function PermissionTree({
  role,
  readOnly = false,
  onDirtyChange,
}: {
  /** By id: two clients may each have a role of the same name. */
  role: { id: string; name: string };
  /** A role the caller may read but not edit (a maker's template for a client's manager). */
  readOnly?: boolean;
  /** Told whether unsaved changes exist, so a container can ask before closing. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t, i18n } = useTranslation('rbac');
  const { notify } = useFeedback();
  const { token } = theme.useToken();
  const isBuilt = useIsPageBuilt();
  const queryClient = useQueryClient();
  const isAdmin = role.name === ADMIN_ROLE;
  const catalogue = useQuery(usersQueries.permissionCatalogue(i18n.language));
  const grantsQuery = usersQueries.roleGrants(role.id);
  const grants = useQuery({ ...grantsQuery, enabled: !isAdmin });
  const tree = useMemo(() => toPermissionTree(catalogue.data ?? []), [catalogue.data]);
  const nodes = useMemo(() => indexByKey(tree), [tree]);
  const treeData = useMemo(() => toTreeData(tree), [tree]);
  const fixed = isAdmin || readOnly;
  const saved = useMemo(
    () => new Set(isAdmin ? tree.flatMap((node) => node.grants) : (grants.data?.granted ?? [])),
    [isAdmin, tree, grants.data],
  );
  // Undefined while nothing is edited, so a refetch after saving shows the server's state.
  const [edited, setEditedState] = useState<Set<string>>();
  const granted = edited ?? saved;
  const changes = grantChanges(tree, saved, granted);

  // Buttons ticked along with their page or group in this edit: marked until saved or undone.
  const [alongside, setAlongside] = useState<ReadonlySet<string>>(new Set());
  const setEdited = (next: Set<string> | undefined) => {
    setEditedState(next);
    if (!next) setAlongside(new Set());
    onDirtyChange?.(next !== undefined && grantChanges(tree, saved, next).permissions.length > 0);
  };

  const save = useMutation({
    ...usersMutations.saveRoleGrants(role.id),
    onSuccess: (stored) => {
      queryClient.setQueryData(grantsQuery.queryKey, stored);
      setEdited(undefined);
      notify.success(t('permissions.saved'));
    },
  });

  const toggle = (node: PermissionNode, checked: boolean) => {
    const along = buttonsTickedWith(granted, node, checked);
    const next = toggleGrant(granted, node, checked);
    setEdited(next);
    // A button touched by hand, or no longer granted, is no longer "ticked along".
    setAlongside(
      (current) =>
        new Set([...current, ...along].filter((key) => next.has(key) && !(node.kind === 'button' && key === node.key))),
    );
  };

  const renderTitle = (data: TreeDataNode) => {
    const node = nodes.get(String(data.key));
    if (!node) return null;
    const label = <span data-testid={`permission-node-${node.key}`}>{node.title}</span>;
    // Granting a page the web app has no screen for does nothing yet; say so.
    const title =
      node.kind === 'page' && !isBuilt(node.key) ? (
        <Flex gap={4} align="center" wrap>
          {label}
          <Tag data-testid={`permission-unbuilt-${node.key}`} title={t('permissions.notBuiltHint')} bordered={false}>
            {t('permissions.notBuilt')}
          </Tag>
        </Flex>
      ) : (
        label
      );
    if (node.kind !== 'page' || !node.children?.length) return title;
    return (
      <Flex gap="small" wrap align="center">
        {title}
        {/* Clicks stop here: the row's own click would toggle the page. */}
        <span onClick={(event) => event.stopPropagation()}>
          {node.children.map((button) => (
            <Checkbox
              key={button.key}
              data-testid={`permission-node-${button.key}`}
              data-along={alongside.has(button.key) || undefined}
              checked={granted.has(button.key)}
              disabled={fixed}
              onChange={(event) => toggle(button, event.target.checked)}
              style={alongside.has(button.key) ? { color: token.colorPrimary } : undefined}
            >
              {button.title}
            </Checkbox>
          ))}
        </span>
        {node.children.some((button) => alongside.has(button.key)) && (
          <Tag data-testid={`permission-along-${node.key}`} color="processing" bordered={false}>
            {t('permissions.tickedAlong', {
              count: node.children.filter((button) => alongside.has(button.key)).length,
            })}
          </Tag>
        )}
      </Flex>
    );
  };

  if (catalogue.isLoading || grants.isLoading) return <Skeleton active />;
  return (
    <Flex vertical gap="small">
      {fixed ? (
        <Alert type="info" showIcon title={t(isAdmin ? 'permissions.adminFixed' : 'permissions.templateFixed')} />
      ) : (
        // Sticky, so saving stays at hand however far the tree is scrolled.
        <Flex
          gap="small"
          wrap
          align="center"
          style={{ position: 'sticky', top: 0, zIndex: 1, paddingBlock: 8, background: token.colorBgElevated }}
        >
          <Typography.Text type="secondary" data-testid="permission-hint" style={{ flexBasis: '100%' }}>
            {t('permissions.pageTicksButtons')}
          </Typography.Text>
          <Button
            data-testid="permission-select-all"
            onClick={() => setEdited(new Set(tree.flatMap((node) => node.grants)))}
          >
            {t('actions.selectAll')}
          </Button>
          <Button data-testid="permission-clear" onClick={() => setEdited(new Set())}>
            {t('actions.clearAll')}
          </Button>
          <Flex gap="small" style={{ marginInlineStart: 'auto' }}>
            <Button
              data-testid="permission-undo"
              icon={<UndoOutlined />}
              disabled={changes.permissions.length === 0}
              onClick={() => setEdited(undefined)}
            >
              {t('actions.undo')}
            </Button>
            <Button
              data-testid="permission-save"
              type="primary"
              icon={<SaveOutlined />}
              disabled={changes.permissions.length === 0}
              loading={save.isPending}
              onClick={() => save.mutate(changes)}
            >
              {t('permissions.save')}
            </Button>
          </Flex>
        </Flex>
      )}
      <Tree
        data-testid="permission-tree"
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        disabled={fixed}
        treeData={treeData}
        checkedKeys={checkedKeys(tree, granted)}
        titleRender={renderTitle}
        onCheck={(_keys, info) => {
          const node = nodes.get(String(info.node.key));
          if (node) toggle(node, info.checked);
        }}
      />
    </Flex>
  );
}
