import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { readChainBatch } from './repo';

/** The `prev_hash` of the first record: there is no record before it. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * - `hash`: the record's fields no longer give its hash: the row was changed after it was written.
 * - `prev_hash`: the record does not point at the record before it: a record before it was
 *   removed, or its predecessor's hash was rewritten.
 */
export type ChainProblem = 'hash' | 'prev_hash';

export type VerifyResult =
  | { ok: true; count: number; lastHash: string }
  /** `count`: the records found good before the first bad one. */
  | { ok: false; count: number; firstBad: { id: number; problem: ChainProblem } };

export const problemText: Record<ChainProblem, { ko: string; en: string }> = {
  hash: { ko: '기록 내용이 해시와 맞지 않습니다(기록이 변경됨)', en: 'its fields do not match its hash (the record was changed)' },
  prev_hash: {
    ko: '앞 기록의 해시와 이어지지 않습니다(앞 기록이 삭제되거나 변경됨)',
    en: 'it does not link to the hash of the record before it (a record before it was removed or changed)',
  },
};

/**
 * Recomputes the access-record chain (migration 0008) in id order, in batches, so memory stays flat
 * however many records there are. The text each hash covers comes from the database's own
 * `access_record_canonical(r)` (the function the insert trigger uses, so both read the fields
 * alike); the SHA-256 is taken here, in Node, not by the trigger's code.
 */
export async function verifyAccessRecords(db: Db, opts: { batchSize?: number } = {}): Promise<VerifyResult> {
  const batchSize = opts.batchSize ?? 1000;
  let previousHash = GENESIS_HASH;
  let count = 0;
  // From before the lowest possible id: a row slipped in below the sequence's first id is checked too.
  let after = '-9223372036854775808';
  for (;;) {
    const rows = await readChainBatch(db, after, batchSize);
    for (const row of rows) {
      if (row.prev_hash !== previousHash) return { ok: false, count, firstBad: { id: Number(row.id), problem: 'prev_hash' } };
      const computed = createHash('sha256').update(row.canonical, 'utf8').digest('hex');
      if (computed !== row.hash) return { ok: false, count, firstBad: { id: Number(row.id), problem: 'hash' } };
      previousHash = row.hash;
      count++;
    }
    if (rows.length < batchSize) return { ok: true, count, lastHash: previousHash };
    after = rows[rows.length - 1]!.id;
  }
}

/** The one-line result the script prints, in Korean and English. */
export function describeResult(result: VerifyResult): string {
  if (result.ok) {
    return (
      `접근기록 해시 체인 정상: ${result.count}건, 마지막 해시 ${result.lastHash} / ` +
      `Access-record chain OK: ${result.count} records, last hash ${result.lastHash}`
    );
  }
  const { id, problem } = result.firstBad;
  return (
    `접근기록 해시 체인 손상: 첫 번째 문제 기록 id ${id} — ${problemText[problem].ko} / ` +
    `Access-record chain BROKEN: first bad record id ${id}: ${problemText[problem].en}`
  );
}
