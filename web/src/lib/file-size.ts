/** A file size in words, shared by the post editor's image limit (web/src/ui/editor) and the board's attachments. */
const sizeUnits = ['KB', 'MB', 'GB', 'TB'] as const;

/** "512 B", "1.2 KB", "1.2 MB", "3 GB" (binary units, one decimal, a trailing ".0" dropped). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  // Round first, so 1,048,575 bytes reads "1 MB" rather than "1024 KB".
  while (Math.round(value * 10) / 10 >= 1024 && unit < sizeUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)} ${sizeUnits[unit]}`;
}
