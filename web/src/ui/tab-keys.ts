/**
 * The keyboard and selection rules of ui/Tabs.tsx, as pure functions (WAI-ARIA Authoring
 * Practices, tabs pattern with automatic activation).
 */

/**
 * The tab a key moves to from tab `index` of `count`: Left/Right step and wrap around, Home and End
 * go to the first and the last. Any other key: null (the browser handles it, Tab included).
 */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * The tab to show for a requested id (from the URL, a link, a reload): that tab when it is one of
 * `ids`, else the first. Undefined only when there are no tabs.
 */
export function tabOrFirst<Id extends string>(ids: readonly Id[], requested: string | null | undefined): Id | undefined {
  return ids.find((id) => id === requested) ?? ids[0];
}
