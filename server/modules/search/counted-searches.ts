/**
 * The searches this process has already counted today, newest last, at most `max`: the same
 * visitor asking the same again (reloading, going back) costs no write; the table's key still
 * counts each once across instances and restarts.
 */
export class CountedSearches {
  private readonly seen = new Set<string>();

  constructor(private readonly max = 10_000) {}

  /** True the first time `key` is seen (as far as this process remembers). */
  first(key: string): boolean {
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    // A Set keeps insertion order: the oldest goes first.
    if (this.seen.size > this.max) this.seen.delete(this.seen.values().next().value!);
    return true;
  }
}
