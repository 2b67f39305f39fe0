import type { ReactNode } from 'react';
import { describedBy } from './described-by';
import './forms.css';

/** What an input needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required'?: boolean;
}

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** The input, given the props that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
  /** Buttons beside the input (중복 확인, 인증번호 발송). */
  actions?: ReactNode;
  /** More below the input (pincode step, status line). */
  below?: ReactNode;
}

/** A labelled input with its hint and error; the error is what the input's description says first. */
export function Field({ id, label, error, hint: givenHint, required, children, actions, below }: FieldProps) {
  // A rule's hint that the error repeats word for word is said once.
  const hint = error && givenHint === error ? undefined : givenHint;
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      <div className={actions ? 'form-field__row' : undefined}>
        {children({
          id,
          'aria-invalid': Boolean(error),
          'aria-describedby': describedBy(errorId, hintId),
          ...(required ? { 'aria-required': true } : {}),
        })}
        {actions}
      </div>
      <FieldNotes error={error} errorId={errorId} hint={hint} hintId={hintId} />
      {below}
    </div>
  );
}

/** The error (said first) and the hint under a field, with the ids its description points at. */
function FieldNotes({ error, errorId, hint, hintId }: { error?: string; errorId: string | null; hint?: ReactNode; hintId: string | null }) {
  return (
    <>
      {error && (
        <p className="form-field__error" id={errorId!}>
          {error}
        </p>
      )}
      {hint && (
        <p className="form-field__hint" id={hintId!}>
          {hint}
        </p>
      )}
    </>
  );
}

export function RequiredMark() {
  return <span className="form-field__required">(필수)</span>;
}

/** Radio buttons or checkboxes under one question: a fieldset whose legend names them. */
export function ChoiceGroup({
  id,
  legend,
  error,
  hint,
  required,
  children,
}: {
  id: string;
  legend: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  return (
    <fieldset
      className={`form-field form-choice${error ? ' form-field--invalid' : ''}`}
      id={`${id}-group`}
      aria-describedby={describedBy(errorId, hintId)}
    >
      <legend className="form-field__label">
        {legend}
        {required && <RequiredMark />}
      </legend>
      <div className="form-choice__options">{children}</div>
      <FieldNotes error={error} errorId={errorId} hint={hint} hintId={hintId} />
    </fieldset>
  );
}
