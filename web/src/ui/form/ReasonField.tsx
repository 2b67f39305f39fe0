import { useRef, useState, type Ref, type RefObject } from 'react';
import { describedBy } from './described-by';
import { Field } from './Field';

/** What is wrong with a reason, in Korean, or '' when it will do. */
export type ReasonCheck = (reason: string) => string;

interface ReasonFieldState {
  value: string;
  error: string;
  onChange: (value: string) => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The state of a stated reason (exports, imports, reveals, retirement). `validate` shows the
 * field's error and puts the focus on it, or gives the trimmed reason; the error goes away as
 * soon as the reason will do. The rule is the caller's (the console's is the contract's
 * `accessReason`, features/admin/shared/access-reason.ts): a default here would bring zod and the
 * contract's schemas into the board list, whose export shares this box (issue 11).
 */
export function useReason({ required = true, check }: { required?: boolean; check: ReasonCheck }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const problemOf = (text: string) => (!required && !text.trim() ? '' : check(text));

  function validate(): string | null {
    const problem = problemOf(value);
    setError(problem);
    if (problem) {
      inputRef.current?.focus();
      return null;
    }
    return value.trim();
  }

  const field: ReasonFieldState = {
    value,
    error,
    inputRef,
    onChange: (next) => {
      setValue(next);
      if (error && !problemOf(next)) setError('');
    },
  };
  return { validate, field };
}

/** The labelled reason box, "(필수)" or "(선택)", with its error and hint. `error` may be empty. */
export function ReasonField({ id, label, required = true, hint, note, maxLength = 500, value, error, onChange, inputRef }: Omit<ReasonFieldState, 'inputRef'> & {
  /** The box, for the form that focuses it (useReason's ref, or a react-hook-form field's). */
  inputRef?: Ref<HTMLTextAreaElement>;
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  /** The id of the dialog's note, read after the field's own error and hint. */
  note?: string;
  maxLength?: number;
}) {
  const shownLabel = required ? label : (
    <>
      {label}
      <span className="form-field__optional">(선택)</span>
    </>
  );
  return (
    <Field id={id} label={shownLabel} required={required} error={error} hint={hint}>
      {(control) => (
        <textarea
          {...control}
          aria-describedby={describedBy(control['aria-describedby'], note)}
          ref={inputRef}
          name="reason"
          className="form-input form-textarea"
          rows={3}
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
