import type { Ref } from 'react';
import { Field } from '../../../../ui/form/Field';

/** The stated reason exports and imports need (issue 9, PIPA); it is kept in the access records. */
export function AlumniReasonField({ id, label, value, error, onChange, inputRef }: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  return (
    <Field id={id} label={label} required error={error} hint="개인정보 보호를 위해 사유가 접근기록에 남습니다.">
      {(control) => (
        <textarea
          {...control}
          ref={inputRef}
          className="form-input form-textarea"
          rows={2}
          maxLength={500}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
