import { accessReason } from '@contract';
import type { ReasonCheck } from '@web/ui/form/ReasonField';

/**
 * The console's reason boxes (exports, imports, reveals, retirement) take the reasons the access
 * records keep (issue 9, PIPA): the contract's `accessReason`, as the server checks it. The schema
 * is the console's to load; the board list's export has a rule of its own and no zod (issue 11).
 */
export const accessReasonProblem: ReasonCheck = (reason) => {
  const parsed = accessReason.safeParse(reason);
  return parsed.success ? '' : (parsed.error.issues[0]?.message ?? '');
};
