/**
 * What changed between two versions of a page, as a reader would see it (issue 22): a line diff
 * of the two bodies' text, and inside each changed stretch a word diff, both by the longest common
 * subsequence. Small and dependency-free; the texts are a page's words, a few thousand lines at most.
 */

export type DiffKind = 'same' | 'ins' | 'del';

/** A run of consecutive items the same kind of change applies to. */
export interface DiffRun<T> {
  kind: DiffKind;
  items: T[];
}

/**
 * Past this many table cells (the lengths' product, after the common start and end are set aside)
 * the two middles are given as one deletion and one insertion: a 4-million-cell table is 16 MB.
 */
const maxCells = 4_000_000;

/**
 * The longest common subsequence of `a` and `b` as runs of kept (`same`), removed (`del`, from a)
 * and added (`ins`, from b) items, in order; within a change, deletions come before insertions.
 */
export function diffSequences<T>(a: readonly T[], b: readonly T[], equal: (x: T, y: T) => boolean = Object.is): DiffRun<T>[] {
  const runs: DiffRun<T>[] = [];
  const push = (kind: DiffKind, item: T) => {
    const last = runs[runs.length - 1];
    if (last?.kind === kind) last.items.push(item);
    else runs.push({ kind, items: [item] });
  };
  // The common start and end need no table.
  let start = 0;
  while (start < a.length && start < b.length && equal(a[start]!, b[start]!)) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && equal(a[endA - 1]!, b[endB - 1]!)) {
    endA -= 1;
    endB -= 1;
  }
  for (let i = 0; i < start; i += 1) push('same', a[i]!);

  const n = endA - start;
  const m = endB - start;
  if (n > 0 && m > 0 && n * m <= maxCells) {
    // lcs[i * (m + 1) + j]: the length of the LCS of a's middle from i and b's middle from j.
    const width = m + 1;
    const lcs = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i -= 1) {
      for (let j = m - 1; j >= 0; j -= 1) {
        lcs[i * width + j] = equal(a[start + i]!, b[start + j]!)
          ? lcs[(i + 1) * width + j + 1]! + 1
          : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (equal(a[start + i]!, b[start + j]!)) {
        push('same', a[start + i]!);
        i += 1;
        j += 1;
      } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) {
        push('del', a[start + i]!);
        i += 1;
      } else {
        push('ins', b[start + j]!);
        j += 1;
      }
    }
    for (; i < n; i += 1) push('del', a[start + i]!);
    for (; j < m; j += 1) push('ins', b[start + j]!);
  } else {
    for (let i = start; i < endA; i += 1) push('del', a[i]!);
    for (let j = start; j < endB; j += 1) push('ins', b[j]!);
  }

  for (let i = endA; i < a.length; i += 1) push('same', a[i]!);
  return orderChanges(runs);
}

/** Within each stretch of changes, the deletion first: "was X, now Y" reads in that order. */
function orderChanges<T>(runs: DiffRun<T>[]): DiffRun<T>[] {
  const ordered: DiffRun<T>[] = [];
  for (let k = 0; k < runs.length; k += 1) {
    const run = runs[k]!;
    const next = runs[k + 1];
    if (run.kind === 'ins' && next?.kind === 'del') {
      ordered.push(next, run);
      k += 1;
    } else ordered.push(run);
  }
  // Reordering may put two runs of a kind side by side: join them.
  return ordered.reduce<DiffRun<T>[]>((joined, run) => {
    const last = joined[joined.length - 1];
    if (last?.kind === run.kind) last.items.push(...run.items);
    else joined.push({ kind: run.kind, items: [...run.items] });
    return joined;
  }, []);
}

/** A piece of text that was kept, added or removed. */
export interface DiffPart {
  kind: DiffKind;
  text: string;
}

/** Words and the spaces between them, each a token, so spacing is kept as it was. */
const tokens = (text: string) => text.match(/\s+|[^\s]+/g) ?? [];

/** A word-level difference of two texts. */
export function diffWords(before: string, after: string): DiffPart[] {
  return diffSequences(tokens(before), tokens(after)).map((run) => ({ kind: run.kind, text: run.items.join('') }));
}

/**
 * One line of the shown difference: a line kept as it was, or a stretch of changed lines given as
 * words kept, removed and added (lines within it joined by line breaks).
 */
export type DiffLine = { kind: 'same'; text: string } | { kind: 'changed'; parts: DiffPart[] };

/**
 * The difference of two texts by lines, and within each changed stretch by words: a changed word
 * in a long paragraph shows as that word, not as the whole paragraph twice.
 */
export function diffText(before: string, after: string): DiffLine[] {
  const runs = diffSequences(before.split('\n'), after.split('\n'));
  const lines: DiffLine[] = [];
  for (let k = 0; k < runs.length; k += 1) {
    const run = runs[k]!;
    if (run.kind === 'same') {
      for (const text of run.items) lines.push({ kind: 'same', text });
      continue;
    }
    const removed = run.kind === 'del' ? run.items : [];
    const next = runs[k + 1];
    const added = run.kind === 'ins' ? run.items : next?.kind === 'ins' ? next.items : [];
    if (run.kind === 'del' && next?.kind === 'ins') k += 1;
    const parts =
      removed.length > 0 && added.length > 0
        ? diffWords(removed.join('\n'), added.join('\n'))
        : [{ kind: run.kind, text: run.items.join('\n') }];
    lines.push({ kind: 'changed', parts });
  }
  return lines;
}

/** Whether the two texts differ at all (the screen then says so instead of showing nothing). */
export const hasChanges = (lines: readonly DiffLine[]) => lines.some((line) => line.kind === 'changed');
