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

/**
 * A point of the chain written down outside the system (issue 25): its length then and the hash of
 * its last record. A chain that is whole but shorter, or whose record at that place has another
 * hash, lost records from its end (or was rebuilt), which the links alone cannot show.
 */
export interface ChainCheckpoint {
  count: number;
  hash?: string;
}

/** `short`: fewer records than the checkpoint counted; `checkpoint`: the record at its place has another hash. */
export type CheckpointProblem = 'short' | 'checkpoint';

export type VerifyResult =
  | { ok: true; count: number; lastHash: string }
  /** `count`: the records found good before the first bad one. */
  | { ok: false; count: number; firstBad: { id: number; problem: ChainProblem } }
  /** The chain is whole up to `count` records, but does not reach or match what was written down. */
  | { ok: false; count: number; lastHash: string; checkpoint: ChainCheckpoint & { problem: CheckpointProblem; found?: string } };

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
export async function verifyAccessRecords(db: Db, opts: { batchSize?: number; checkpoint?: ChainCheckpoint } = {}): Promise<VerifyResult> {
  const batchSize = opts.batchSize ?? 1000;
  const checkpoint = opts.checkpoint;
  let previousHash = GENESIS_HASH;
  let count = 0;
  /** The hash of the record at the checkpoint's place, once the walk has passed it. */
  let atCheckpoint: string | undefined;
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
      if (checkpoint && count === checkpoint.count) atCheckpoint = row.hash;
    }
    if (rows.length < batchSize) {
      if (checkpoint && count < checkpoint.count) return { ok: false, count, lastHash: previousHash, checkpoint: { ...checkpoint, problem: 'short' } };
      if (checkpoint?.hash !== undefined && atCheckpoint !== checkpoint.hash.toLowerCase()) {
        return { ok: false, count, lastHash: previousHash, checkpoint: { ...checkpoint, problem: 'checkpoint', found: atCheckpoint } };
      }
      return { ok: true, count, lastHash: previousHash };
    }
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
  if ('checkpoint' in result) {
    const { count, hash, problem, found } = result.checkpoint;
    if (problem === 'short') {
      return (
        `접근기록 해시 체인 손상: 기록이 ${result.count}건뿐입니다. 적어 둔 ${count}건보다 적습니다(끝의 기록이 삭제됨) / ` +
        `Access-record chain BROKEN: only ${result.count} records, fewer than the ${count} written down (records were cut from the end)`
      );
    }
    return (
      `접근기록 해시 체인 손상: ${count}번째 기록의 해시가 적어 둔 ${hash}가 아니라 ${found}입니다(체인이 다시 만들어짐) / ` +
      `Access-record chain BROKEN: record ${count} has hash ${found}, not the ${hash} written down (the chain was rebuilt)`
    );
  }
  const { id, problem } = result.firstBad;
  return (
    `접근기록 해시 체인 손상: 첫 번째 문제 기록 id ${id} — ${problemText[problem].ko} / ` +
    `Access-record chain BROKEN: first bad record id ${id}: ${problemText[problem].en}`
  );
}
