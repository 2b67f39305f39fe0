// The rule for the reasons kept in the access records (issue 9, PIPA), as plain values without zod
// (issue 11): the reason box is shared with the list's export dialog, and a module that builds
// schemas is built whole once any of its exports is used, zod with it, at the list's first load.
// access-record.ts builds `accessReason` from it.

/** A reason is 1 to `maxLength` characters once trimmed. */
export const accessReasonRule = {
  maxLength: 500,
  required: '사유를 입력해주세요.',
  tooLong: '사유는 500자 이내로 입력해주세요.',
} as const;
