/** Rows per insert: a write of thousands of rows stays under PostgreSQL's 65,535 parameters a statement. */
export const INSERT_CHUNK = 1000;

/** `insert` over `rows` a chunk at a time, one after the other (a transaction's queries share one connection); its answers per chunk. */
export async function inChunks<T, R>(rows: readonly T[], insert: (chunk: T[]) => PromiseLike<R>): Promise<R[]> {
  const answers: R[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK)
    answers.push(await insert(rows.slice(start, start + INSERT_CHUNK)));
  return answers;
}
