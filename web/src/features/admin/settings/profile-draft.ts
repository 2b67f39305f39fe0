import { profileChoiceTypes, type UserProfileField } from '@contract';

/** One extra sign-up field as the editor holds it: options as typed, one per line. */
export interface ProfileDraft {
  /** Stable while the item moves (React key and focus target), never sent. */
  key: string;
  code: string;
  name: string;
  inputType: UserProfileField['inputType'];
  options: string;
  required: boolean;
}

let sequence = 0;
const nextKey = () => `profile-${++sequence}`;

export const isChoiceType = (type: UserProfileField['inputType']) => (profileChoiceTypes as readonly string[]).includes(type);

export function toDraft(field: UserProfileField): ProfileDraft {
  return { key: nextKey(), code: field.code, name: field.name, inputType: field.inputType, options: (field.detail ?? []).join('\n'), required: field.required };
}

export function emptyDraft(): ProfileDraft {
  return { key: nextKey(), code: '', name: '', inputType: 'text', options: '', required: false };
}

/** The field as the server takes it (it trims and checks again). */
export function fromDraft(draft: ProfileDraft): UserProfileField {
  const lines = draft.options.split('\n').map((s) => s.trim()).filter(Boolean);
  return {
    code: draft.code.trim(),
    name: draft.name.trim(),
    inputType: draft.inputType,
    ...(draft.inputType === 'checkbox' || lines.length === 0 ? {} : { detail: isChoiceType(draft.inputType) ? lines : lines.slice(0, 1) }),
    required: draft.required,
  };
}

/** Moves item `from` to `to` (a new array). */
export function move<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export const inputTypeLabels: Record<UserProfileField['inputType'], string> = {
  text: '한 줄 글',
  textarea: '여러 줄 글',
  tel: '전화번호',
  email: '이메일',
  number: '숫자',
  date: '날짜',
  select: '목록에서 하나 고르기',
  radio: '단추로 하나 고르기',
  checkbox: '체크 하나 (동의 등)',
  checkboxes: '체크 여러 개',
};
