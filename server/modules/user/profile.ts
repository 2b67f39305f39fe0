import { accountMessages, patterns, type UserProfileField } from '@contract';

export type ProfileValue = string | boolean | number | string[];
export type ProfileResult = { ok: true; profile: Record<string, ProfileValue> } | { ok: false; message: string; field: string };

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/**
 * The operator's extra sign-up fields (site setting userProfiles, spec §3/§5): a required
 * field must be filled, a required multi-checkbox needs one choice, a required single checkbox
 * must be true; choices must be among the options. Fields the site does not define are dropped.
 * `partial` (My page): only the fields given are checked.
 */
export function validateProfile(fields: UserProfileField[], input: Record<string, unknown>, opts: { partial?: boolean } = {}): ProfileResult {
  const profile: Record<string, ProfileValue> = {};
  for (const field of fields) {
    if (opts.partial && !(field.code in input)) continue;
    const value = input[field.code];
    // The field as the request names it: `profile.{code}` (the envelope's `field` of the refusal).
    const fail = (message = accountMessages.requiredProfile(field.name)): ProfileResult => ({ ok: false, message, field: `profile.${field.code}` });
    if (field.inputType === 'checkbox') {
      if (value !== undefined && typeof value !== 'boolean') return fail();
      if (field.required && value !== true) return fail();
      if (value !== undefined) profile[field.code] = value;
      continue;
    }
    if (isBlank(value)) {
      if (field.required) return fail();
      continue;
    }
    const options = field.detail && field.detail.length > 0 ? field.detail : null;
    switch (field.inputType) {
      case 'checkboxes': {
        if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || (options && !options.includes(v)))) return fail();
        profile[field.code] = [...new Set(value as string[])];
        break;
      }
      case 'select':
      case 'radio': {
        if (typeof value !== 'string' || (options && !options.includes(value))) return fail();
        profile[field.code] = value;
        break;
      }
      case 'number': {
        const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
        if (!Number.isFinite(n)) return fail();
        profile[field.code] = n;
        break;
      }
      case 'tel': {
        if (typeof value !== 'string' || !patterns.phone.test(value.trim())) return fail(accountMessages.phoneFormat);
        profile[field.code] = value.trim();
        break;
      }
      case 'email': {
        if (typeof value !== 'string' || !patterns.email.test(value.trim())) return fail(accountMessages.emailFormat);
        profile[field.code] = value.trim();
        break;
      }
      case 'date': {
        if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) return fail();
        profile[field.code] = value;
        break;
      }
      default: {
        if (typeof value !== 'string') return fail();
        profile[field.code] = value.trim();
      }
    }
  }
  return { ok: true, profile };
}
