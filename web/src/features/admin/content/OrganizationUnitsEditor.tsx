import { useId, useState } from 'react';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister, type UseFormSetFocus } from 'react-hook-form';
import { withParticle } from '@contract/korean-particle';
import { Field } from '@web/ui/form/Field';
import { emptyUnit, type ContentValues } from './content-form';
import { Named } from './HistoryRowsEditor';

interface Props {
  control: Control<ContentValues>;
  register: UseFormRegister<ContentValues>;
  setFocus: UseFormSetFocus<ContentValues>;
  errors: FieldErrors<ContentValues>;
}

/**
 * The organisation chart as units (issue 22): each with its name, head, tasks and phone numbers
 * (one a line), added, removed and moved up or down by keyboard.
 */
export function OrganizationUnitsEditor({ control, register, setFocus, errors }: Props) {
  const id = useId();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'units', keyName: 'fieldId' });
  const units = useWatch({ control, name: 'units' }) ?? [];
  const [said, setSaid] = useState('');
  const buttonId = (key: string, action: 'up' | 'down') => `${id}-${key}-${action}`;
  const unitName = (index: number) => `${index + 1}번째 부서${units[index]?.name.trim() ? `(${units[index]!.name.trim()})` : ''}`;

  function add() {
    append(emptyUnit(), { shouldFocus: true, focusName: `units.${fields.length}.name` });
    setSaid('맨 아래에 새 부서를 추가했습니다.');
  }

  function removeAt(index: number) {
    const name = unitName(index);
    remove(index);
    setSaid(`${withParticle(name, '을/를')} 삭제했습니다.`);
    const next = Math.min(index, fields.length - 2);
    if (next >= 0) requestAnimationFrame(() => setFocus(`units.${next}.name`));
    else document.getElementById(`${id}-add`)?.focus();
  }

  function moveBy(index: number, delta: -1 | 1) {
    const to = index + delta;
    if (to < 0 || to >= fields.length) return;
    const name = unitName(index);
    const key = units[index]?.key;
    move(index, to);
    setSaid(`${withParticle(name, '을/를')} ${delta < 0 ? '위로' : '아래로'} 옮겼습니다.`);
    // The focus stays on the button pressed, in the unit's new place (the other button at an end).
    if (key) {
      requestAnimationFrame(() => {
        const pressed = document.getElementById(buttonId(key, delta < 0 ? 'up' : 'down')) as HTMLButtonElement | null;
        (pressed && !pressed.disabled ? pressed : document.getElementById(buttonId(key, delta < 0 ? 'down' : 'up')))?.focus();
      });
    }
  }

  return (
    <fieldset className="admin-section content-rows">
      <legend>부서</legend>
      <p className="admin-note">부서마다 이름, 책임자(직위), 주요 업무와 전화번호를 적습니다. 업무와 전화번호는 한 줄에 하나씩 적습니다.</p>
      <p role="status" className="visually-hidden">
        {said}
      </p>
      {fields.length === 0 && <p className="admin-empty">부서가 없습니다. 부서 추가를 눌러 시작하세요.</p>}
      <ol className="content-rows__list">
        {fields.map((field, index) => {
          const name = unitName(index);
          const error = errors.units?.[index];
          return (
            <li key={field.fieldId} className="content-row content-row--unit">
              <div className="content-row__fields content-row__fields--unit">
                <Field id={`${id}-${field.key}-name`} label={<Named name={name} field="부서 이름" />} error={error?.name?.message}>
                  {(props) => <input {...props} {...register(`units.${index}.name`)} className="form-input" maxLength={100} autoComplete="off" />}
                </Field>
                <Field id={`${id}-${field.key}-head`} label={<Named name={name} field="책임자(직위)" />} error={error?.head?.message}>
                  {(props) => <input {...props} {...register(`units.${index}.head`)} className="form-input" maxLength={100} autoComplete="off" />}
                </Field>
                <Field id={`${id}-${field.key}-tasks`} label={<Named name={name} field="주요 업무 (한 줄에 하나)" />} error={error?.tasks?.message}>
                  {(props) => <textarea {...props} {...register(`units.${index}.tasks`)} className="form-input form-textarea" rows={4} />}
                </Field>
                <Field id={`${id}-${field.key}-phones`} label={<Named name={name} field="전화번호 (한 줄에 하나)" />} error={error?.phones?.message}>
                  {(props) => <textarea {...props} {...register(`units.${index}.phones`)} className="form-input form-textarea" rows={2} />}
                </Field>
              </div>
              <div className="content-row__actions">
                <button type="button" id={buttonId(field.key, 'up')} className="button button--small" onClick={() => moveBy(index, -1)} disabled={index === 0}>
                  위로<span className="visually-hidden">: {name}</span>
                </button>
                <button type="button" id={buttonId(field.key, 'down')} className="button button--small" onClick={() => moveBy(index, 1)} disabled={index === fields.length - 1}>
                  아래로<span className="visually-hidden">: {name}</span>
                </button>
                <button type="button" className="button button--small button--danger" onClick={() => removeAt(index)}>
                  삭제<span className="visually-hidden">: {name}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="admin-actions">
        <button type="button" id={`${id}-add`} className="button" onClick={add}>
          부서 추가
        </button>
      </div>
    </fieldset>
  );
}
