import { describe, expect, it } from 'vitest';
import { BatchedReads, MAX_BATCH } from './view-reads';

interface Row {
  itemNo: number;
  title: string;
}

/** A board of posts 1-100 read through BatchedReads, recording each statement it would send. */
function reader(fail?: Error) {
  const statements: { boardCode: string; itemNos: number[] }[] = [];
  const reads = new BatchedReads<Row>(
    async (boardCode, itemNos) => {
      statements.push({ boardCode, itemNos });
      if (fail) throw fail;
      return itemNos.filter((n) => n <= 100).map((n) => ({ itemNo: n, title: `${boardCode} ${n}` }));
    },
    (row) => row.itemNo,
  );
  return { reads, statements };
}

describe('BatchedReads', () => {
  it('reads what one turn asks for in one statement per board, each number once, and answers each caller its own post', async () => {
    const { reads, statements } = reader();
    const answers = await Promise.all([
      reads.read('notice', 5),
      reads.read('notice', 7),
      reads.read('faq', 5),
      reads.read('notice', 5),
      reads.read('notice', 500),
    ]);
    expect(answers).toEqual([
      { itemNo: 5, title: 'notice 5' },
      { itemNo: 7, title: 'notice 7' },
      { itemNo: 5, title: 'faq 5' },
      { itemNo: 5, title: 'notice 5' },
      undefined,
    ]);
    expect(statements).toEqual([
      { boardCode: 'notice', itemNos: [5, 7, 500] },
      { boardCode: 'faq', itemNos: [5] },
    ]);
  });

  it('sends a read alone when it is alone, and a later turn’s reads in a statement of their own', async () => {
    const { reads, statements } = reader();
    expect(await reads.read('notice', 1)).toEqual({ itemNo: 1, title: 'notice 1' });
    await Promise.all([reads.read('notice', 2), reads.read('notice', 3)]);
    expect(statements.map((s) => s.itemNos)).toEqual([[1], [2, 3]]);
  });

  it(`splits a turn's reads of one board into statements of at most ${MAX_BATCH} numbers`, async () => {
    const { reads, statements } = reader();
    const numbers = Array.from({ length: MAX_BATCH * 2 + 1 }, (_, i) => i + 1);
    const answers = await Promise.all(numbers.map((n) => reads.read('notice', n)));
    expect(answers.map((a) => a?.itemNo ?? null)).toEqual(numbers.map((n) => (n <= 100 ? n : null)));
    expect(statements.map((s) => s.itemNos.length)).toEqual([MAX_BATCH, MAX_BATCH, 1]);
  });

  it('fails the reads of a board whose statement fails and answers the other boards’ of the same turn', async () => {
    const failure = new Error('canceling statement due to statement timeout');
    const reads = new BatchedReads<Row>(
      async (boardCode, itemNos) => {
        if (boardCode === 'faq') throw failure;
        return itemNos.map((n) => ({ itemNo: n, title: `${boardCode} ${n}` }));
      },
      (row) => row.itemNo,
    );
    const settled = await Promise.allSettled([reads.read('faq', 1), reads.read('notice', 1), reads.read('faq', 2)]);
    expect(settled).toEqual([
      { status: 'rejected', reason: failure },
      { status: 'fulfilled', value: { itemNo: 1, title: 'notice 1' } },
      { status: 'rejected', reason: failure },
    ]);
  });

  it('fails the reads of a statement whose answer cannot be matched, instead of leaving them waiting', async () => {
    const reads = new BatchedReads<Row>(
      async (boardCode, itemNos) => itemNos.map((n) => ({ itemNo: n, title: `${boardCode} ${n}` })),
      () => {
        throw new TypeError('no number');
      },
    );
    await expect(Promise.all([reads.read('notice', 1), reads.read('notice', 2)])).rejects.toThrow('no number');
  });

  it('fails every read of a statement that fails, and reads again on the next ask', async () => {
    const failure = new Error('connection terminated');
    const { reads, statements } = reader(failure);
    const settled = await Promise.allSettled([reads.read('notice', 1), reads.read('notice', 2), reads.read('notice', 1)]);
    expect(settled.map((s) => (s.status === 'rejected' ? s.reason : s.value))).toEqual([failure, failure, failure]);
    await expect(reads.read('notice', 1)).rejects.toBe(failure);
    expect(statements).toHaveLength(2);
  });
});
