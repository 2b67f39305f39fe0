import { accountMessages, keyLabels, patterns, type UserKeyType } from '@contract';

/** How a key is stored and compared: trimmed; e-mail addresses in lower case. */
export function normaliseKey(type: UserKeyType, code: string): string {
  const trimmed = code.trim();
  return type === 'EMAIL' ? trimmed.toLowerCase() : trimmed;
}

/** The Korean sentence the form shows for a malformed key, or null when the key is well formed. */
export function keyFormatError(type: UserKeyType, code: string): string | null {
  switch (type) {
    case 'ID':
      return patterns.userId.test(code) ? null : accountMessages.userIdFormat;
    case 'EMAIL':
      return patterns.email.test(code) && code.length <= 100 ? null : accountMessages.emailFormat;
    case 'MOBILE':
      return patterns.phone.test(code) ? null : accountMessages.phoneFormat;
  }
}

export const keyLabel = (type: UserKeyType) => keyLabels[type];
