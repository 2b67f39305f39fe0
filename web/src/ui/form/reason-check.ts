import { accessReasonRule } from '../../../../contract';

/** What is wrong with a reason, in Korean, or '' when it will do. */
export type ReasonCheck = (reason: string) => string;

/**
 * The contract's rule for the reasons kept in the access records (issue 9, PIPA), the one its
 * `accessReason` schema applies (held to it by reason-check.test.ts). Written out rather than
 * `accessReason.safeParse` because the list's export dialog shares this box: the schema would
 * bring zod and the contract's schemas into every reader's first load of a list (issue 11). The
 * server checks the reason with the schema all the same.
 */
export const accessReasonProblem: ReasonCheck = (reason) => {
  const trimmed = reason.trim();
  if (!trimmed) return accessReasonRule.required;
  // Counted in code points, as zod counts a string's length: an emoji is one character.
  return [...trimmed].length > accessReasonRule.maxLength ? accessReasonRule.tooLong : '';
};
