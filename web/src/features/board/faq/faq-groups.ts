import type { BoardItemSummary } from '@contract';

/** One category of an FAQ board's list: its name (null: the questions filed under none) and questions. */
export interface FaqGroup {
  category: string | null;
  questions: BoardItemSummary[];
}

/**
 * An FAQ board's questions under the board's categories, in the board's order (issue 22). Within a
 * category, questions staff pinned (공지) come first, then the rest in the order they were written
 * (item number), which is how staff lay out an FAQ; the list answer's newest-first order is for
 * news. Questions under no category, or under one the board no longer has, come last under null.
 * A category without questions (none yet, or none matching a search) is left out, so a search
 * keeps the grouping and shows only the groups it found something in.
 */
export function groupFaq(categories: readonly string[], pinned: readonly BoardItemSummary[], questions: readonly BoardItemSummary[]): FaqGroup[] {
  const byItemNo = (a: BoardItemSummary, b: BoardItemSummary) => a.itemNo - b.itemNo;
  const ordered = [...[...pinned].sort(byItemNo), ...[...questions].sort(byItemNo)];
  const seen = new Set<number>();
  const groups = new Map<string | null, BoardItemSummary[]>([...categories.map((c): [string, BoardItemSummary[]] => [c, []]), [null, []]]);
  for (const question of ordered) {
    // A pinned question is in both lists on a board answered without pinning: shown once.
    if (seen.has(question.itemNo)) continue;
    seen.add(question.itemNo);
    const key = question.category !== null && groups.has(question.category) ? question.category : null;
    groups.get(key)!.push(question);
  }
  return [...groups].filter(([, list]) => list.length > 0).map(([category, list]) => ({ category, questions: list }));
}
