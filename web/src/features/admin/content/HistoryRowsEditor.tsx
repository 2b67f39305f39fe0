import { useId, useState } from 'react';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister, type UseFormSetFocus } from 'react-hook-form';
import { withParticle } from '@contract/korean-particle';
import { Field } from '@web/ui/form/Field';
import type { ContentValues } from './content-form';
import { emptyRow } from './content-form';
import { isSortedByDate, rowName, sortByDate } from './history-rows';

interface Props {
  control: Control<ContentValues>;
  register: UseFormRegister<ContentValues>;
  setFocus: UseFormSetFocus<ContentValues>;
  errors: FieldErrors<ContentValues>;
}

/**
 * The history as rows of (year, month, text) (issue 22): add, remove, move up and down by
 * keyboard, and "날짜순 정렬" (newest first, as the public page lists them). Every field is
 * named with its row ("2026년 3월 행의 내용"), and what a button did is said in a status line.
 */
export function HistoryRowsEditor({ control, register, setFocus, errors }: Props) {
  const id = useId();
  const { fields, insert, remove, move, replace } = useFieldArray({ control, name: 'rows', keyName: 'fieldId' });
  const rows = useWatch({ control, name: 'rows' }) ?? [];
  const [said, setSaid] = useState('');
  const buttonId = (key: string, action: 'up' | 'down') => `${id}-${key}-${action}`;

  function add() {
    insert(0, emptyRow(), { shouldFocus: true, focusName: 'rows.0.year' });
    setSaid('맨 위에 새 행을 추가했습니다.');
  }

  function removeAt(index: number) {
    const name = rowName(rows[index] ?? { year: '', month: '' }, index);
    remove(index);
    setSaid(`${withParticle(name, '을/를')} 삭제했습니다.`);
    // The focus goes to the row now in its place (or the one before), or to the add button.
    const next = Math.min(index, fields.length - 2);
    if (next >= 0) requestAnimationFrame(() => setFocus(`rows.${next}.year`));
    else document.getElementById(`${id}-add`)?.focus();
  }

  function moveBy(index: number, delta: -1 | 1) {
    const to = index + delta;
    if (to < 0 || to >= fields.length) return;
    const row = rows[index];
    move(index, to);
    setSaid(`${withParticle(rowName(row ?? { year: '', month: '' }, index), '을/를')} ${delta < 0 ? '위로' : '아래로'} 옮겼습니다.`);
    // The focus stays on the button pressed, in the row's new place (the other button at an end).
    const key = row?.key;
    if (key) {
      requestAnimationFrame(() => {
        const pressed = document.getElementById(buttonId(key, delta < 0 ? 'up' : 'down')) as HTMLButtonElement | null;
        const target = pressed && !pressed.disabled ? pressed : document.getElementById(buttonId(key, delta < 0 ? 'down' : 'up'));
        target?.focus();
      });
    }
  }

  function sort() {
    if (isSortedByDate(rows)) {
      setSaid('이미 날짜순(최신순)입니다.');
      return;
    }
    replace(sortByDate(rows));
    setSaid('행을 날짜순(최신순)으로 정렬했습니다.');
  }

  const rowErrors = errors.rows;
  return (
    <fieldset className="admin-section content-rows">
      <legend>연혁 행</legend>
      <p className="admin-note" id={`${id}-hint`}>
        한 행이 연혁의 한 줄입니다. 연도와 내용은 꼭 입력하고, 월은 모르면 비워 둡니다. 공개 화면은 연도별로 묶어 보여줍니다.
      </p>
      <div className="admin-actions">
        <button type="button" id={`${id}-add`} className="button" onClick={add}>
          행 추가
        </button>
        <button type="button" className="button" onClick={sort}>
          날짜순 정렬
        </button>
      </div>
      <p role="status" className="visually-hidden">
        {said}
      </p>
      {fields.length === 0 ? (
        <p className="admin-empty">행이 없습니다. 행 추가를 눌러 시작하세요.</p>
      ) : (
        <ol className="content-rows__list">
          {fields.map((field, index) => {
            const name = rowName(rows[index] ?? field, index);
            const error = rowErrors?.[index];
            return (
              <li key={field.fieldId} className="content-row">
                <div className="content-row__fields">
                  <Field id={`${id}-${field.key}-year`} label={<Named name={name} field="연도" />} error={error?.year?.message}>
                    {(props) => <input {...props} {...register(`rows.${index}.year`)} className="form-input content-row__year" inputMode="numeric" maxLength={4} autoComplete="off" />}
                  </Field>
                  <Field id={`${id}-${field.key}-month`} label={<Named name={name} field="월" />} error={error?.month?.message}>
                    {(props) => <input {...props} {...register(`rows.${index}.month`)} className="form-input content-row__month" inputMode="numeric" maxLength={2} autoComplete="off" />}
                  </Field>
                  <Field id={`${id}-${field.key}-text`} label={<Named name={name} field="내용" />} error={error?.text?.message}>
                    {(props) => <textarea {...props} {...register(`rows.${index}.text`)} className="form-input form-textarea content-row__text" rows={2} maxLength={500} />}
                  </Field>
                </div>
                <div className="content-row__actions">
                  <button type="button" id={buttonId(field.key, 'up')} className="button button--small" onClick={() => moveBy(index, -1)} disabled={index === 0}>
                    위로<span className="visually-hidden">: {name}</span>
                  </button>
                  <button
                    type="button"
                    id={buttonId(field.key, 'down')}
                    className="button button--small"
                    onClick={() => moveBy(index, 1)}
                    disabled={index === fields.length - 1}
                  >
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
      )}
    </fieldset>
  );
}

/** A field's label: its row's name for screen readers and voice control, the short word on screen. */
export function Named({ name, field }: { name: string; field: string }) {
  return (
    <>
      <span className="visually-hidden">{name}의 </span>
      {field}
    </>
  );
}
