import type { SignupRequest, SiteAuthentication, UserKeyType, UserProfileField } from '@contract';
import { accountMessages, patterns } from '@contract';
import { uiMessages } from './messages';
import { profileFieldName } from '../../ui/form/field-id';

/**
 * The account forms' rules as pure functions (spec §5): each gives the exact sentence to show, or
 * null. The forms run them on blur and on submit (never on every keystroke, so Korean IME
 * composition is not interrupted) and list the problems in screen order.
 */

/** One problem of a form: the field it belongs to (react-hook-form name) and its sentence. */
export interface Issue {
  name: string;
  message: string;
  /** A step of the flow was skipped (spec §5 "blocked with"): also raised as an alert. */
  blocking?: boolean;
}

export type ProfileValue = string | boolean | string[];
export type ProfileValues = Record<string, ProfileValue | undefined>;

export const passwordMessage = (password: string) =>
  patterns.password.test(password) ? null : accountMessages.passwordFormat;

export const passwordConfirmMessage = (password: string, confirm: string) =>
  confirm !== '' && confirm === password ? null : accountMessages.passwordMismatch;

export const userNameMessage = (name: string) => (patterns.userName.test(name.trim()) ? null : accountMessages.userNameFormat);

export const userIdMessage = (userId: string) => (patterns.userId.test(userId.trim()) ? null : accountMessages.userIdFormat);

export const emailMessage = (email: string) => (patterns.email.test(email.trim()) ? null : accountMessages.emailFormat);

/** Spec §5: 2-3 digits, 3-4 digits, 4 digits separated by hyphens. */
export const phoneMessage = (phone: string) => (patterns.phone.test(phone.trim()) ? null : accountMessages.phoneFormat);

export const pincodeMessage = (pincode: string) => (patterns.pincode.test(pincode.trim()) ? null : accountMessages.pincodeFormat);

/** The format rule of an e-mail address or mobile number that gets a pincode. */
export const verifiedKeyMessage = (keyType: Exclude<UserKeyType, 'ID'>, value: string) =>
  keyType === 'EMAIL' ? emailMessage(value) : phoneMessage(value);

/** Multi-value checkboxes come from the form as an array, one checked value, or false. */
export function toStringArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' && value !== '' ? [value] : [];
}

const asText = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * An extra profile field (spec §3 userProfiles, §5): a required field gives "{name} 항목을
 * 확인바랍니다."; a required multi-value checkbox needs one selection, a single checkbox must be
 * true; a filled tel field must be a phone number and an email field an address.
 */
export function profileFieldMessage(field: UserProfileField, value: unknown): string | null {
  const required = accountMessages.requiredProfile(field.name);
  switch (field.inputType) {
    case 'checkbox':
      return field.required && value !== true ? required : null;
    case 'checkboxes': {
      const selected = toStringArray(value);
      if (field.required && selected.length === 0) return required;
      return field.detail && selected.some((v) => !field.detail!.includes(v)) ? required : null;
    }
    default: {
      const text = asText(value);
      if (text === '') return field.required ? required : null;
      if (field.inputType === 'tel') return phoneMessage(text);
      if (field.inputType === 'email') return emailMessage(text);
      if (field.inputType === 'number') return Number.isFinite(Number(text)) ? null : required;
      if ((field.inputType === 'select' || field.inputType === 'radio') && field.detail && !field.detail.includes(text)) return required;
      return null;
    }
  }
}

/** Form names of the extra fields: react-hook-form keeps them under `profile.<code>`. */
export { profileFieldName };

export function profileIssues(fields: readonly UserProfileField[], values: ProfileValues | undefined): Issue[] {
  const issues: Issue[] = [];
  for (const field of fields) {
    const message = profileFieldMessage(field, values?.[field.code]);
    if (message) issues.push({ name: profileFieldName(field), message });
  }
  return issues;
}

/** The empty value a field starts from. */
export function emptyProfileValue(field: UserProfileField): ProfileValue {
  if (field.inputType === 'checkbox') return false;
  if (field.inputType === 'checkboxes') return [];
  return '';
}

/** Stored profile values (GET /api/user/{id}) as form values. */
export function profileFormValues(fields: readonly UserProfileField[], stored: Record<string, unknown>): Record<string, ProfileValue> {
  const values: Record<string, ProfileValue> = {};
  for (const field of fields) {
    const value = stored[field.code];
    if (field.inputType === 'checkbox') values[field.code] = value === true;
    else if (field.inputType === 'checkboxes') values[field.code] = toStringArray(value);
    else values[field.code] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  return values;
}

/** Form values as the API takes them: numbers as numbers, text trimmed, empty answers left out. */
export function profilePayload(
  fields: readonly UserProfileField[],
  values: ProfileValues | undefined,
  { keepEmpty = false }: { keepEmpty?: boolean } = {},
): Record<string, string | boolean | number | string[]> {
  const payload: Record<string, string | boolean | number | string[]> = {};
  for (const field of fields) {
    const value = values?.[field.code];
    if (field.inputType === 'checkbox') payload[field.code] = value === true;
    else if (field.inputType === 'checkboxes') payload[field.code] = toStringArray(value);
    else {
      const text = asText(value);
      if (text === '') {
        // On the profile edit an emptied optional answer must reach the server to be removed.
        if (keepEmpty) payload[field.code] = '';
      } else payload[field.code] = field.inputType === 'number' ? Number(text) : text;
    }
  }
  return payload;
}

/** What the sign-up form needs from the site settings. */
export type SignupSettings = Pick<SiteAuthentication, 'signinKeyType' | 'useCapcha' | 'userProfiles'>;

export interface SignupFormValues {
  agreeTerms: boolean;
  agreePrivacy: boolean;
  userId: string;
  password: string;
  passwordConfirm: string;
  name: string;
  email: string;
  mobile: string;
  profile: ProfileValues;
  captchaAnswer: string;
}

/** The order fields appear on the sign-up screen: errors are listed and focused in this order. */
export function signupFieldOrder(settings: SignupSettings): string[] {
  return [
    'agreeTerms',
    'agreePrivacy',
    ...(settings.signinKeyType === 'ID' ? ['userId'] : []),
    'password',
    'passwordConfirm',
    'name',
    'email',
    ...(settings.signinKeyType === 'MOBILE' ? ['mobile'] : []),
    ...settings.userProfiles.map(profileFieldName),
    ...(settings.useCapcha ? ['captchaAnswer'] : []),
  ];
}

/** The sign-up fields' own rules (format, required), at most one sentence per field. */
export function signupFieldIssues(values: SignupFormValues, settings: SignupSettings): Issue[] {
  const issues: Issue[] = [];
  const add = (name: string, message: string | null) => {
    if (message) issues.push({ name, message });
  };
  // One sentence names both consents, so it is shown once, at the first one missing.
  if (!values.agreeTerms) add('agreeTerms', accountMessages.termsRequired);
  else add('agreePrivacy', values.agreePrivacy ? null : accountMessages.termsRequired);
  if (settings.signinKeyType === 'ID') add('userId', userIdMessage(values.userId));
  add('password', passwordMessage(values.password));
  add('passwordConfirm', passwordConfirmMessage(values.password, values.passwordConfirm));
  add('name', userNameMessage(values.name));
  add('email', emailMessage(values.email));
  if (settings.signinKeyType === 'MOBILE') add('mobile', phoneMessage(values.mobile));
  issues.push(...profileIssues(settings.userProfiles, values.profile));
  if (settings.useCapcha) add('captchaAnswer', values.captchaAnswer.trim() ? null : uiMessages.captchaRequired);
  return issues;
}

/** The steps of spec §4/§5 that must be done before submitting: ID check and key tokens. */
export interface SignupProgress {
  idCheckPassed: boolean;
  emailToken: string | null;
  mobileToken: string | null;
}

/**
 * Spec §5: blocked with "아이디 중복 확인을 진행해주세요." until the availability check passed for
 * the ID as it is now, and with "이메일 인증을 진행해주세요." without an e-mail key token.
 */
export function signupProgressIssues(progress: SignupProgress, settings: SignupSettings): Issue[] {
  const issues: Issue[] = [];
  if (settings.signinKeyType === 'ID' && !progress.idCheckPassed) {
    issues.push({ name: 'userId', message: accountMessages.idCheckMissing, blocking: true });
  }
  if (!progress.emailToken) issues.push({ name: 'email', message: accountMessages.emailTokenMissing, blocking: true });
  if (settings.signinKeyType === 'MOBILE' && !progress.mobileToken) {
    issues.push({ name: 'mobile', message: accountMessages.mobileTokenMissing, blocking: true });
  }
  return issues;
}

/** One sentence per field (the first given wins: format before progress), sorted into screen order. */
export function orderIssues(order: readonly string[], issues: readonly Issue[]): Issue[] {
  const seen = new Set<string>();
  const unique = issues.filter((issue) => !seen.has(issue.name) && seen.add(issue.name));
  const rank = (name: string) => {
    const i = order.indexOf(name);
    return i === -1 ? order.length : i;
  };
  return unique.map((issue, i) => ({ issue, i })).sort((a, b) => rank(a.issue.name) - rank(b.issue.name) || a.i - b.i).map((x) => x.issue);
}

export function signupIssues(values: SignupFormValues, progress: SignupProgress, settings: SignupSettings): Issue[] {
  return orderIssues(signupFieldOrder(settings), [...signupFieldIssues(values, settings), ...signupProgressIssues(progress, settings)]);
}

/** The sign-up request (spec §3/§4): the key, the profile, and the key tokens kept apart. */
export function signupRequestBody(
  values: SignupFormValues,
  settings: SignupSettings,
  progress: SignupProgress,
  captcha: { captchaId: string } | null,
): SignupRequest {
  const email = values.email.trim();
  const mobile = values.mobile.trim();
  const keyType = settings.signinKeyType;
  const userKeyCode = keyType === 'ID' ? values.userId.trim() : keyType === 'EMAIL' ? email : mobile;
  return {
    userKeyType: keyType,
    userKeyCode,
    password: values.password,
    profile: {
      ...profilePayload(settings.userProfiles, values.profile),
      name: values.name.trim(),
      email,
      ...(keyType === 'MOBILE' ? { mobile } : {}),
    },
    userKeyTokenForEmail: progress.emailToken ?? undefined,
    ...(keyType === 'MOBILE' && progress.mobileToken ? { userKeyTokenForMobile: progress.mobileToken } : {}),
    agreeTerms: values.agreeTerms && values.agreePrivacy,
    ...(captcha ? { captcha: { captchaId: captcha.captchaId, answer: values.captchaAnswer.trim() } } : {}),
  };
}

export interface PasswordChangeValues {
  currentPassword: string;
  password: string;
  passwordConfirm: string;
}

export function passwordChangeIssues(values: PasswordChangeValues): Issue[] {
  const issues: Issue[] = [];
  if (!values.currentPassword) issues.push({ name: 'currentPassword', message: uiMessages.currentPasswordRequired });
  const password = passwordMessage(values.password);
  if (password) issues.push({ name: 'password', message: password });
  const confirm = passwordConfirmMessage(values.password, values.passwordConfirm);
  if (confirm) issues.push({ name: 'passwordConfirm', message: confirm });
  return issues;
}

export interface ResetPasswordValues {
  pincode: string;
  password: string;
  passwordConfirm: string;
}

export function resetPasswordIssues(values: ResetPasswordValues): Issue[] {
  const issues: Issue[] = [];
  const pincode = pincodeMessage(values.pincode);
  if (pincode) issues.push({ name: 'pincode', message: pincode });
  const password = passwordMessage(values.password);
  if (password) issues.push({ name: 'password', message: password });
  const confirm = passwordConfirmMessage(values.password, values.passwordConfirm);
  if (confirm) issues.push({ name: 'passwordConfirm', message: confirm });
  return issues;
}

export interface ProfileEditValues {
  name: string;
  profile: ProfileValues;
}

export function profileEditIssues(values: ProfileEditValues, fields: readonly UserProfileField[]): Issue[] {
  const issues: Issue[] = [];
  const name = userNameMessage(values.name);
  if (name) issues.push({ name: 'name', message: name });
  return [...issues, ...profileIssues(fields, values.profile)];
}
