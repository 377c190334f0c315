import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, Flex, Input, Result, Skeleton, Typography } from 'antd';
import {
  localizedName,
  type CheckContext,
  type CheckEntry,
  type RebarReceive,
  type ReceiptInspectionResult,
} from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { CheckFields } from './quality-record-fields.tsx';
import { allEntered, checkInputOf, receiptCheckRow, type CheckRow } from './quality-record-checks.ts';
import { recordMutations, recordQueries, refreshAfterReceipt } from './quality-record.queries.ts';

/** The receiving technique's characteristics and what they are judged against for this receipt's bars. */
function useReceiptChecks(receipt: RebarReceive): { rows: CheckRow[]; context: CheckContext | null; loading: boolean } {
  const locale = useLocale();
  const techniques = useQuery(recordQueries.techniques());
  const types = useQuery(recordQueries.inspectionTypes());
  const specs = useQuery(recordQueries.rebarSpecs());
  const materials = useQuery(recordQueries.rebarMaterials());
  return useMemo(() => {
    const spec = specs.data?.find((candidate) => candidate.id === receipt.rebarId);
    const material = materials.data?.find((candidate) => candidate.id === spec?.rebarMaterialId);
    const context: CheckContext | null =
      spec && spec.unitWeight !== null
        ? {
            diameter: spec.diameter,
            unitWeight: spec.unitWeight,
            material: material
              ? {
                  yieldStrength: material.yieldStrength ?? null,
                  tensileStrength: material.tensileStrength ?? null,
                  elongation: material.elongation ?? null,
                }
              : null,
          }
        : null;
    const receiving = new Set(
      (techniques.data ?? []).filter((technique) => technique.stage === 'receipt').map((technique) => technique.id),
    );
    const rows = (types.data ?? [])
      .filter((type) => type.techniqueId !== null && receiving.has(type.techniqueId))
      .sort((a, b) => a.code.localeCompare(b.code))
      .map((type) =>
        receiptCheckRow(
          {
            ...type,
            name: localizedName(type, locale),
            unit: type.unit ?? null,
            standardValue: type.standardValue ?? null,
            lowerTolerance: type.lowerTolerance ?? null,
            upperTolerance: type.upperTolerance ?? null,
          },
          context ?? { diameter: receipt.diameter, unitWeight: 0, material: null },
        ),
      );
    return { rows, context, loading: techniques.isLoading || types.isLoading || specs.isLoading };
  }, [
    techniques.data,
    types.data,
    specs.data,
    materials.data,
    techniques.isLoading,
    types.isLoading,
    specs.isLoading,
    receipt,
    locale,
  ]);
}

/** The verdict; failed checks are named as the form named them (the answer gives their codes). */
function Outcome({
  outcome,
  rows,
  onClose,
}: {
  outcome: ReceiptInspectionResult;
  rows: readonly CheckRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation('quality');
  const { inspection, receipt } = outcome;
  const failed = inspection.result === 'fail';
  const nameOf = (code: string) => rows.find((row) => row.code === code)?.name ?? code;
  return (
    <Result
      data-testid="inspection-outcome"
      data-result={inspection.result}
      status={failed ? 'error' : 'success'}
      title={t(failed ? 'receipt.outcome.failed' : 'receipt.outcome.passed', { code: inspection.code })}
      subTitle={
        failed
          ? t('receipt.outcome.held', {
              bars: receipt.heldQuantity,
              checks: inspection.failedChecks.map(nameOf).join(', '),
            })
          : undefined
      }
      extra={
        <Button data-testid="inspection-outcome-close" type="primary" size="large" onClick={onClose}>
          {t('receipt.outcome.close')}
        </Button>
      }
    />
  );
}

/**
 * Recording a receipt inspection: the receiving technique's characteristics with the right input per
 * method and the outcome judged live, then the server's verdict — a failed check puts the bars still
 * in raw stock on hold, which the drawer says plainly with how many.
 */
export function ReceiptInspectionDrawer({ receipt, onClose }: { receipt: RebarReceive; onClose: () => void }) {
  const { t } = useTranslation('quality');
  const queryClient = useQueryClient();
  const { rows, context, loading } = useReceiptChecks(receipt);
  const [entries, setEntries] = useState<Record<string, CheckEntry>>({});
  const [remark, setRemark] = useState('');
  const inspect = useMutation({
    ...recordMutations.inspectReceipt(receipt.id),
    onSuccess: () => refreshAfterReceipt(queryClient),
  });
  const complete = rows.length > 0 && allEntered(rows, entries);

  const submit = () =>
    inspect.mutate({
      checks: rows.map((row) => checkInputOf(row, entries[row.id] ?? {})),
      remark: remark.trim() || null,
    });

  return (
    <Drawer
      open
      title={t('receipt.inspectTitle', { code: receipt.code })}
      size="min(640px, 100vw)"
      destroyOnHidden
      onClose={onClose}
      data-testid="inspection-drawer"
      footer={
        !inspect.data && (
          <Flex gap="small" justify="end" wrap>
            <Button size="large" onClick={onClose}>
              {t('receipt.cancel')}
            </Button>
            <Button
              data-testid="inspection-submit"
              type="primary"
              size="large"
              disabled={!complete}
              loading={inspect.isPending}
              onClick={submit}
            >
              {t('receipt.submit')}
            </Button>
          </Flex>
        )
      }
    >
      {inspect.data ? (
        <Outcome outcome={inspect.data} rows={rows} onClose={onClose} />
      ) : loading ? (
        <Skeleton active />
      ) : rows.length === 0 ? (
        <Empty data-testid="inspection-no-characteristics" description={t('receipt.noCharacteristics')} />
      ) : (
        <Flex vertical gap="middle">
          <Typography.Text type="secondary">
            {t('receipt.inspectExplain', { heatNo: receipt.heatNo, spec: receipt.rebarName })}
          </Typography.Text>
          {!context && <Alert type="warning" showIcon message={t('receipt.noSpec')} />}
          <CheckFields
            rows={rows}
            context={context}
            entries={entries}
            onChange={(id, entry) => setEntries((current) => ({ ...current, [id]: entry }))}
          />
          <Input.TextArea
            data-testid="inspection-remark"
            placeholder={t('receipt.remark')}
            rows={2}
            maxLength={500}
            value={remark}
            onChange={(event) => setRemark(event.target.value)}
          />
        </Flex>
      )}
    </Drawer>
  );
}
