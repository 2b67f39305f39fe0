import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  alumniCreateBody, alumniFieldLabels, alumniFieldNames, alumniLimits, alumniMessages,
  type AlumniField, type AlumniRecord,
} from '@contract';
import { Field } from '@web/ui/form/Field';
import { contractResolver, showRefusalAtField } from '../../shared/contract-form';
import { useSaveAlumni } from '../api/save-alumni';
import { Dialog, DialogActions, DialogFailure } from '@web/ui/Dialog';

type Values = Record<AlumniField, string>;

const hints: Partial<Record<AlumniField, string>> = {
  email: '엑셀로 가져올 때 이 이메일로 같은 사람을 찾습니다.',
  phone: '예: 02-123-4567, 010-1234-5678',
};

const valuesOf = (record: AlumniRecord | null): Values =>
  Object.fromEntries(alumniFieldNames.map((f) => [f, record ? (record[f] ?? '') : ''])) as Values;

/** The contract's own rules, so the form says what the server would, before sending (the values go as typed). */
const resolver = contractResolver<Values>(alumniCreateBody, (values) => values);

/** 주소록 등록 / 수정: labelled fields, Korean errors beside them, the first wrong field focused. */
export function AlumniFormDialog({ record, open, onClose, onSaved }: {
  record: AlumniRecord | null;
  open: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  return (
    <Dialog open={open} title={record ? '주소록 수정' : '주소록 등록'} onClose={onClose}>
      {/* A new form each time it opens, with the record's values. */}
      {open && <AlumniForm key={record?.id ?? 'new'} record={record} onCancel={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function AlumniForm({ record, onCancel, onSaved }: { record: AlumniRecord | null; onCancel: () => void; onSaved: (message: string) => void }) {
  const [failure, setFailure] = useState('');
  const save = useSaveAlumni();
  const idOf = (field: AlumniField) => `alumni-form-${field}`;
  // The first wrong field in the form's order takes the focus (react-hook-form's default).
  const { register, handleSubmit, setError, formState } = useForm<Values>({ defaultValues: valuesOf(record), resolver });
  const errors = formState.errors;

  async function submit(values: Values) {
    if (save.isPending) return;
    setFailure('');
    try {
      await save.mutateAsync({ id: record?.id ?? null, body: values });
      onSaved(record ? alumniMessages.updated : alumniMessages.created);
    } catch (err) {
      // A taken e-mail address: the refusal names the field, and is said under it.
      if (!showRefusalAtField(setError, err, (field) => (field === 'email' ? 'email' : null))) {
        setFailure(err instanceof Error ? err.message : '저장하지 못했습니다. 잠시 후 다시 시도해주세요.');
      }
    }
  }

  return (
    <form className="dialog__form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <div className="alumni-form__grid">
        {alumniFieldNames.map((field) => (
          <div key={field} className={field === 'memo' ? 'alumni-form__wide' : undefined}>
            <Field id={idOf(field)} label={alumniFieldLabels[field]} required={field === 'name'} error={errors[field]?.message} hint={hints[field]}>
              {(control) =>
                field === 'memo' ? (
                  <textarea
                    {...control}
                    className="form-input form-textarea"
                    rows={3}
                    maxLength={alumniLimits.memo}
                    {...register('memo')}
                  />
                ) : (
                  <input
                    {...control}
                    className="form-input"
                    type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                    autoComplete="off"
                    maxLength={alumniLimits[field]}
                    {...register(field)}
                  />
                )
              }
            </Field>
          </div>
        ))}
      </div>
      <DialogFailure message={failure} />
      <DialogActions onCancel={onCancel} busy={save.isPending} actionLabel="저장" busyLabel="저장 중…" />
    </form>
  );
}
