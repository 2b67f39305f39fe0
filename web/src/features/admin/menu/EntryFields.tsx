import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { areas } from '@contract';
import { Field } from '@web/ui/form/Field';
import { areaLabels } from '../boards/board-labels';
import type { LinkDraft, MenuValues } from './menu-draft';

export interface BoardOption {
  boardCode: string;
  name: string;
}



interface EntryFieldsProps {
  /** The entry in the form: a top-level entry, or a link of one (`[index, linkIndex]`). */
  at: [number] | [number, number];
  entry: LinkDraft;
  /** Where the entry is, said to screen readers with each field's label ("알림마당 > 공지사항"). */
  context: string;
  register: UseFormRegister<MenuValues>;
  errors: FieldErrors<LinkDraft> | undefined;
  boards: BoardOption[];
  topLevel?: boolean;
}

/** An entry's fields: its name, hidden or not, and the one link field its kind needs (or a group's board area). */
export function EntryFields({ at, entry, context, register, errors, boards, topLevel }: EntryFieldsProps) {
  const id = `menu-${entry.id}`;
  // Both levels have the same fields; react-hook-form's paths are typed per level.
  const field = (key: Exclude<keyof LinkDraft, 'id' | 'kind'>) =>
    register(at.length === 1 ? (`items.${at[0]}.${key}` as const) : (`items.${at[0]}.children.${at[1]}.${key}` as const));
  const where = <span className="visually-hidden"> ({context})</span>;
  return (
    <div className="menu-entry">
      <Field id={`${id}-label`} label={<>메뉴 이름{where}</>} error={errors?.label?.message} required>
        {(control) => <input {...control} {...field('label')} className="form-input" maxLength={60} />}
      </Field>
      {entry.kind === 'path' && (
        <Field id={`${id}-path`} label={<>누리집 경로{where}</>} error={errors?.path?.message} hint="/로 시작하는 이 누리집의 주소 (예: /nids/intro)">
          {(control) => <input {...control} {...field('path')} className="form-input" autoCapitalize="none" spellCheck={false} />}
        </Field>
      )}
      {entry.kind === 'url' && (
        <Field id={`${id}-url`} label={<>외부 주소{where}</>} error={errors?.url?.message} hint="새 창으로 열립니다">
          {(control) => <input {...control} {...field('url')} className="form-input" type="url" inputMode="url" autoCapitalize="none" spellCheck={false} />}
        </Field>
      )}
      {entry.kind === 'board' && (
        <Field id={`${id}-board`} label={<>게시판{where}</>} error={errors?.boardCode?.message}>
          {(control) => (
            <select {...control} {...field('boardCode')} className="form-input form-select">
              <option value="">게시판을 고르세요</option>
              {boards.map((b) => (
                <option key={b.boardCode} value={b.boardCode}>
                  {b.name} ({b.boardCode})
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {topLevel && entry.kind === 'group' && (
        <Field id={`${id}-area`} label={<>새 게시판을 붙일 영역{where}</>} error={errors?.boardArea?.message} hint="이 영역에 새로 만든 게시판이 이 메뉴 끝에 자동으로 붙습니다">
          {(control) => (
            <select {...control} {...field('boardArea')} className="form-input form-select">
              <option value="">없음</option>
              {areas.map((a) => (
                <option key={a} value={a}>
                  {areaLabels[a]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <label className="form-check" htmlFor={`${id}-hidden`}>
        <input id={`${id}-hidden`} type="checkbox" {...field('hidden')} />
        <span>
          숨김{where}
        </span>
      </label>
    </div>
  );
}

interface MoveButtonsProps {
  entryId: string;
  label: string;
  index: number;
  count: number;
  onMove(to: number): void;
  onRemove(): void;
  removeLabel: string;
}

/**
 * 위로 · 아래로 · 삭제 for an entry. After a move the focus follows the entry to its new place
 * (its button keeps the same id), so pressing again keeps moving it.
 */
export function MoveButtons({ entryId, label, index, count, onMove, onRemove, removeLabel }: MoveButtonsProps) {
  const id = `menu-${entryId}`;
  const move = (to: number, which: 'up' | 'down') => {
    onMove(to);
    requestAnimationFrame(() => {
      const button = document.getElementById(`${id}-${which}`) as HTMLButtonElement | null;
      const target = button && !button.disabled ? button : (document.getElementById(`${id}-${which === 'up' ? 'down' : 'up'}`) as HTMLButtonElement | null);
      target?.focus();
    });
  };
  const named = <span className="visually-hidden">: {label}</span>;
  return (
    <div className="menu-moves">
      <button type="button" id={`${id}-up`} className="button" disabled={index === 0} onClick={() => move(index - 1, 'up')}>
        위로{named}
      </button>
      <button type="button" id={`${id}-down`} className="button" disabled={index === count - 1} onClick={() => move(index + 1, 'down')}>
        아래로{named}
      </button>
      <button type="button" className="button menu-remove" onClick={onRemove}>
        {removeLabel}
        {named}
      </button>
    </div>
  );
}
