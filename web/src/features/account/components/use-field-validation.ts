import { useCallback, useEffect, useRef } from 'react';
import type { FieldPath, FieldValues, RegisterOptions, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import type { Issue } from '../validation';

/** react-hook-form options for the account forms: the checks below decide when fields are validated. */
export const manualValidation = { mode: 'onSubmit', reValidateMode: 'onSubmit', shouldFocusError: false } as const;

/**
 * When a field is checked:
 * - on blur (a field that was typed in, or that already shows an error) and on submit;
 * - while typing, an error only goes away once the value is right, it never appears: a Korean
 *   word being composed (ㅎ → 호 → 홍) is not judged half-way;
 * - a checkbox, radio button or select, where nothing is composed, on change.
 * A check caused by pressing the mouse on another control waits until that click is over:
 * an error appearing or vanishing under the left field would otherwise move the clicked button
 * or checkbox away from the pointer, and the click would be lost.
 */
export function useFieldValidation<V extends FieldValues>(form: UseFormReturn<V>, issuesOf: (values: V) => Issue[]) {
  const { trigger, getFieldState, getValues, clearErrors, register } = form;
  const pointerDown = useRef(false);
  const waiting = useRef(new Set<FieldPath<V>>());

  const flush = useCallback(() => {
    const names = [...waiting.current];
    waiting.current.clear();
    if (names.length) void trigger(names);
  }, [trigger]);

  useEffect(() => {
    let fallback: number | undefined;
    const down = () => {
      pointerDown.current = true;
    };
    const release = () => {
      pointerDown.current = false;
      window.clearTimeout(fallback);
      flush();
    };
    // The click follows pointerup (on touch screens a little later): check after it.
    const up = () => {
      window.clearTimeout(fallback);
      fallback = window.setTimeout(release, 350);
    };
    const clicked = () => window.setTimeout(release, 0);
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', release, true);
    document.addEventListener('click', clicked, true);
    return () => {
      window.clearTimeout(fallback);
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', release, true);
      document.removeEventListener('click', clicked, true);
    };
  }, [flush]);

  function check(name: FieldPath<V>) {
    waiting.current.add(name);
    if (!pointerDown.current) flush();
  }

  /** `register` with the checks above; `choice` for checkboxes, radio buttons and selects. */
  return function field(name: FieldPath<V>, { choice = false }: { choice?: boolean } = {}): UseFormRegisterReturn {
    const options = {
      onBlur: () => {
        const state = getFieldState(name);
        if (state.isDirty || state.error || form.formState.isSubmitted) check(name);
      },
      onChange: () => {
        const state = getFieldState(name);
        if (choice) {
          if (state.error || form.formState.isSubmitted) check(name);
          return;
        }
        if (state.error && !issuesOf(getValues()).some((issue) => issue.name === name)) clearErrors(name);
      },
    } as RegisterOptions<V, FieldPath<V>>;
    return register(name, options);
  };
}
