import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { Issue } from '../validation';
import { fieldDomId } from '@web/ui/form/field-id';

/**
 * react-hook-form validates with the pure rules of ../validation.ts: the resolver turns their
 * issues into field errors (on blur and on submit), and the same issues, in screen order, feed
 * the error summary and decide where the focus goes.
 */
export function issuesResolver<V extends FieldValues>(issuesOf: (values: V) => Issue[]): Resolver<V> {
  return (values) => {
    const issues = issuesOf(values);
    if (issues.length === 0) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of issues) setPath(errors, issue.name, { type: 'validate', message: issue.message });
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = keys.at(-1)!;
  if (!(last in node)) node[last] = value;
}

export { fieldDomId };

/** The element that takes the focus for a field: the input, or the first option of a group. */
export function fieldElement(formId: string, name: string): HTMLElement | null {
  const id = fieldDomId(formId, name);
  return document.getElementById(id) ?? document.getElementById(`${id}-0`);
}

export function focusField(formId: string, name: string): void {
  fieldElement(formId, name)?.focus();
}

/**
 * After a refused submit: the summary lists every problem, the first field gets the focus, and a
 * skipped step of the flow (spec §5 "blocked with …") is also raised as the spec's alert.
 */
export function reportIssues(formId: string, issues: readonly Issue[], showSummary: (issues: Issue[]) => void): void {
  showSummary([...issues]);
  const first = issues[0];
  if (!first) return;
  if (first.blocking) window.alert(first.message);
  focusField(formId, first.name);
}
