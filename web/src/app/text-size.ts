/**
 * The reader's text size (KRDS 글자 크기 조절): a scale of the root font size, so everything sized
 * in rem grows with it. Kept in localStorage so it survives reloads; applied to <html> as
 * data-text-size, which layout.css turns into a root font size.
 */
export const textSizes = [
  { value: 'normal', label: '보통' },
  { value: 'large', label: '크게' },
  { value: 'xlarge', label: '아주 크게' },
] as const;
export type TextSize = (typeof textSizes)[number]['value'];

const STORAGE_KEY = 'nids.textSize';

function isTextSize(value: unknown): value is TextSize {
  return textSizes.some((size) => size.value === value);
}

export function readTextSize(): TextSize {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isTextSize(stored) ? stored : 'normal';
  } catch {
    // Storage can be off (private mode, policies): the default size still works.
    return 'normal';
  }
}

export function applyTextSize(size: TextSize): void {
  if (size === 'normal') delete document.documentElement.dataset.textSize;
  else document.documentElement.dataset.textSize = size;
}

export function saveTextSize(size: TextSize): void {
  applyTextSize(size);
  try {
    window.localStorage.setItem(STORAGE_KEY, size);
  } catch {
    // Not persisted, but applied for this page: better than refusing the change.
  }
}
