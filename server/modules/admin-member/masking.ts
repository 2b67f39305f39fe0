import type { UserProfileField } from '@contract';
import { maskUserKey } from '@server/modules/user';

export { keyIsAddress, maskKey } from '@server/modules/user';

/** E-mail and mobile are masked the way find-ID masks a key (hon****@example.com, 010-****-5678). */
export const maskAddress = (value: string | null) => (value === null ? null : maskUserKey(value));

/** Free text keeps its first character: enough to tell fields apart, not to read them. */
export function maskText(value: string): string {
  if (value.length === 0) return value;
  return value.slice(0, 1) + '*'.repeat(Math.max(value.length - 1, 2));
}

/**
 * Choice fields (select, radio, checkboxes, a consent box) hold one of the operator's own options,
 * which identify nobody; everything typed freely (text, phone, e-mail, dates) may, so it is masked.
 */
const choiceInputs = new Set<UserProfileField['inputType']>(['select', 'radio', 'checkbox', 'checkboxes']);

function profileText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? '예' : '아니오';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The member's extra profile values, in the order of the current settings, then any stored field
 * the settings no longer define (masked: its kind is unknown).
 */
export function profileValues(
  fields: readonly UserProfileField[],
  profile: Record<string, unknown>,
  reveal: boolean,
): { code: string; name: string; value: string; masked: boolean }[] {
  const known = new Set(fields.map((f) => f.code));
  const entries = [
    ...fields.filter((f) => f.code in profile).map((f) => ({ code: f.code, name: f.name, personal: !choiceInputs.has(f.inputType) })),
    ...Object.keys(profile)
      .filter((code) => !known.has(code))
      .map((code) => ({ code, name: code, personal: true })),
  ];
  return entries.map(({ code, name, personal }) => {
    const text = profileText(profile[code]);
    const masked = personal && !reveal && text.length > 0;
    return { code, name, value: masked ? maskText(text) : text, masked };
  });
}
