/**
 * The keys a process saw last, at most `max` of them and at least the newest `max / 2`: two
 * generations of `max / 2` keys; when the newer is full it becomes the older, and the older is
 * dropped whole. For "already taken" checks whose misses a table's key still catches (a post's view
 * counted once a visitor a day, a search counted once), where forgetting early costs a write, not
 * a wrong count.
 *
 * Not one Set or Map in insertion order that deletes its oldest key (`keys().next()`) per insert:
 * V8 leaves a deleted entry as a hole until the table is rebuilt, and an iterator starts at the
 * first slot, so once full every insert walked all the holes left since the last rebuild: 17-62 µs
 * an insert at 100,000 keys, against under 1 µs here (issue 24, measured in a loop).
 */
export class RecentKeys {
  private newer = new Set<string>();
  private older = new Set<string>();
  private readonly generation: number;

  /** `max` 0 remembers nothing; 1 to 3, the newest key. */
  constructor(max: number) {
    this.generation = max > 0 ? Math.max(1, Math.floor(max / 2)) : 0;
  }

  /** True the first time `key` is seen, as far as this process remembers; it is remembered from then on. */
  firstTime(key: string): boolean {
    if (this.generation === 0) return true;
    if (this.newer.has(key) || this.older.has(key)) return false;
    this.newer.add(key);
    if (this.newer.size >= this.generation) {
      this.older = this.newer;
      this.newer = new Set();
    }
    return true;
  }

  /** Keys remembered now. */
  get size(): number {
    return this.newer.size + this.older.size;
  }
}
