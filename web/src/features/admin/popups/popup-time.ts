/**
 * The console's period fields are `datetime-local` inputs in Korea time (the site's time, whatever
 * the browser's zone): `2026-12-24T09:00` in the field is `2026-12-24T09:00:00+09:00` to the API.
 */
import { koreaLocalMinute } from '@web/lib/korea-time';

/** An instant as the field shows it in Korea time; '' for none. */
export function toKoreanInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : koreaLocalMinute(ms);
}

/** A field's value as the API takes it; '' stays '' (the contract says it is missing). */
export function fromKoreanInput(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+09:00` : value;
}

/** `2026.12.24 09:00` in Korea time, for the list. */
export function formatKoreanDateTime(iso: string): string {
  const local = toKoreanInput(iso);
  return local ? `${local.slice(0, 10).replace(/-/g, '.')} ${local.slice(11)}` : '';
}
