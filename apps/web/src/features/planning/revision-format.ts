import {
  parseRevisionNote,
  type Disposition,
  type DispositionProposal,
  type RevisionChangeKind,
  type RevisionMark,
  type RevisionOutcome,
} from '@armature/domain';

/** A mark's values in one line: `12 × 3,000 mm · HRB400E Φ12 · 21`. */
export function markSummary(
  mark: RevisionMark | null,
  specName: (rebarId: string) => string,
  whole: (value: number) => string,
): string {
  if (!mark) return '—';
  const shape = mark.shapeCode ? ` · ${mark.shapeCode}` : '';
  return `${whole(mark.quantity)} × ${whole(mark.length)} mm · ${specName(mark.rebarId)}${shape}`;
}

/** Colours of a change: green added, red removed, orange changed, plain unchanged. */
export const KIND_COLORS: Readonly<Record<RevisionChangeKind, string | undefined>> = {
  added: 'success',
  removed: 'error',
  changed: 'warning',
  unchanged: undefined,
};

/** Colours of an outcome by how much it undoes: pieces made superseded is the costly one. */
export const OUTCOME_COLORS: Readonly<Record<RevisionOutcome, string | undefined>> = {
  added: 'success',
  unchanged: undefined,
  replaced: 'processing',
  deleted: 'default',
  replanned: 'warning',
  superseded: 'error',
};

/** What may be done with a superseded bundle, given its proposal: never better than the proposal allows. */
export function dispositionChoices(proposal: Pick<DispositionProposal, 'action'>): Disposition[] {
  if (proposal.action === 'reuse') return ['reuse', 'offcut', 'scrap'];
  if (proposal.action === 'offcut') return ['offcut', 'scrap'];
  return ['scrap'];
}

/** A list with changes to apply: an identical list would make an empty revision. */
export const hasChanges = (counts: Readonly<Record<RevisionChangeKind, number>>) =>
  counts.added + counts.removed + counts.changed > 0;

/** A status-history note in the reader's language: a revision's `R2 (b)` said in words, any other note as is. */
export function historyNoteText(
  note: string,
  t: (
    key: 'revision.historyNote' | 'revision.historyNoteIndex',
    values: { revision: number; index?: string },
  ) => string,
): string {
  const revision = parseRevisionNote(note);
  if (!revision) return note;
  return revision.drawingIndex
    ? t('revision.historyNoteIndex', { revision: revision.revision, index: revision.drawingIndex })
    : t('revision.historyNote', { revision: revision.revision });
}
