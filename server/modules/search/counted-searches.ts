import { RecentKeys } from '../../lib/recent-keys';

/**
 * The searches this process has already counted today, at most `max` (lib/recent-keys.ts): the same
 * visitor asking the same again (reloading, going back) costs no write; the table's key still
 * counts each once across instances and restarts.
 */
export class CountedSearches {
  private readonly seen: RecentKeys;

  constructor(max = 10_000) {
    this.seen = new RecentKeys(max);
  }

  /** True the first time `key` is seen (as far as this process remembers). */
  first(key: string): boolean {
    return this.seen.firstTime(key);
  }
}
