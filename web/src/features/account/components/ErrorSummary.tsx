import type { MouseEvent } from 'react';
import { get, type FieldErrors } from 'react-hook-form';
import { uiMessages } from '../messages';
import type { Issue } from '../validation';
import { fieldDomId, focusField } from './form-helpers';

/**
 * The problems of the last refused submit, announced at once (role="alert"); each links to its
 * field, and leaves the list once its field is put right. The live region is always in the page so
 * that screen readers pick up what appears in it.
 */
export function ErrorSummary({ formId, issues: submitted, errors }: { formId: string; issues: readonly Issue[]; errors: FieldErrors }) {
  const issues = submitted.filter((issue) => get(errors, issue.name));
  function jump(event: MouseEvent<HTMLAnchorElement>, name: string) {
    event.preventDefault();
    focusField(formId, name);
  }
  return (
    <div className={issues.length ? 'error-summary' : undefined} role="alert">
      {issues.length > 0 && (
        <>
          <p className="error-summary__title">{uiMessages.errorSummaryTitle(issues.length)}</p>
          <ul className="error-summary__list">
            {issues.map((issue) => (
              <li key={issue.name}>
                <a href={`#${fieldDomId(formId, issue.name)}`} onClick={(event) => jump(event, issue.name)}>
                  {issue.message}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
