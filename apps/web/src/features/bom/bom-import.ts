import type { BomImportApply, BomImportPreview } from '@armature/domain';

/** The lines an import replaces a draft's tree with: every line under the root, as the preview read them. */
export function importLines(preview: BomImportPreview): BomImportApply['lines'] {
  return preview.lines
    .filter((line) => (line.level ?? 0) >= 1)
    .map((line) => ({
      level: line.level ?? 0,
      partCode: line.partCode,
      quantity: line.quantity ?? 0,
      positionNo: line.positionNo,
      remark: line.remark,
    }));
}
