import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { UserProfileField } from '@contract';
import { ChoiceGroup, Field } from './Field';
import { fieldDomId, profileFieldName } from './field-id';

interface Props {
  formId: string;
  fields: readonly UserProfileField[];
  /** The field's registration; `choice` for inputs where nothing is typed (checked on change). */
  register: (name: string, choice: boolean) => UseFormRegisterReturn;
  errorOf: (name: string) => string | undefined;
}

/**
 * The operator's extra profile fields (spec §3 userProfiles), each drawn by its inputType: on the
 * sign-up and My page forms, and in the console's live preview of the sign-up form.
 */
export function ProfileFields({ formId, fields, register, errorOf }: Props) {
  return (
    <>
      {fields.map((field) => (
        <ProfileField key={field.code} formId={formId} field={field} register={register} errorOf={errorOf} />
      ))}
    </>
  );
}

function ProfileField({ formId, field, register, errorOf }: { field: UserProfileField } & Omit<Props, 'fields'>) {
  const name = profileFieldName(field);
  const id = fieldDomId(formId, name);
  const error = errorOf(name);
  const options = field.detail ?? [];
  const choice = ['select', 'radio', 'checkbox', 'checkboxes', 'date'].includes(field.inputType);
  // For free-text fields the detail is a hint (contract: "or a hint for free-text fields").
  const hint = field.inputType === 'tel' ? '예: 010-1234-5678' : !['select', 'radio', 'checkboxes'].includes(field.inputType) ? options[0] : undefined;

  switch (field.inputType) {
    case 'radio':
    case 'checkboxes':
      return (
        <ChoiceGroup id={id} legend={field.name} error={error} required={field.required}>
          {options.map((option, i) => (
            <label key={option} className="form-check" htmlFor={`${id}-${i}`}>
              <input
                {...register(name, choice)}
                id={`${id}-${i}`}
                type={field.inputType === 'radio' ? 'radio' : 'checkbox'}
                value={option}
                aria-invalid={Boolean(error)}
              />
              <span>{option}</span>
            </label>
          ))}
        </ChoiceGroup>
      );
    case 'checkbox':
      return (
        <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
          <label className="form-check" htmlFor={id}>
            <input
              {...register(name, choice)}
              id={id}
              type="checkbox"
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
              aria-required={field.required || undefined}
            />
            <span>
              {field.name}
              {field.required ? <span className="form-field__required">(필수)</span> : <span className="form-field__optional">(선택)</span>}
            </span>
          </label>
          {error && (
            <p className="form-field__error" id={`${id}-error`}>
              {error}
            </p>
          )}
        </div>
      );
    default:
      return (
        <Field id={id} label={field.name} error={error} hint={hint} required={field.required}>
          {(control) => {
            const props = { ...control, ...register(name, choice) };
            if (field.inputType === 'textarea') return <textarea {...props} className="form-input form-textarea" rows={4} />;
            if (field.inputType === 'select') {
              return (
                <select {...props} className="form-input form-select">
                  <option value="">선택해주세요</option>
                  {options.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              );
            }
            const typeProps = {
              text: { type: 'text' },
              tel: { type: 'tel', inputMode: 'tel' },
              email: { type: 'email', inputMode: 'email', autoCapitalize: 'none', spellCheck: false },
              number: { type: 'number', inputMode: 'decimal' },
              date: { type: 'date' },
            }[field.inputType as 'text' | 'tel' | 'email' | 'number' | 'date'] as InputHTMLAttributes<HTMLInputElement>;
            return <input {...props} {...typeProps} className="form-input" />;
          }}
        </Field>
      );
  }
}
