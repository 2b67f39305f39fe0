import { useEffect, useRef } from 'react';
import { profileInputTypes } from '@contract';
import { emptyDraft, inputTypeLabels, isChoiceType, move, type ProfileDraft } from './profile-draft';

interface Props {
  items: ProfileDraft[];
  onChange: (items: ProfileDraft[]) => void;
}

/**
 * The extra sign-up fields (spec §3 userProfiles): add, remove, reorder with buttons (keyboard
 * operable; the focus follows the moved item), and each field's name, code, type, options and
 * whether it is required.
 */
export function ProfileFieldsEditor({ items, onChange }: Props) {
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  const update = (index: number, patch: Partial<ProfileDraft>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const moveTo = (index: number, to: number, button: 'up' | 'down') => {
    const item = items[index]!;
    onChange(move(items, index, to));
    // At the top or bottom the button it was on is disabled: go to the other one.
    const atEdge = to === 0 || to === items.length - 1;
    const target = atEdge ? (to === 0 ? 'down' : 'up') : button;
    focusAfter.current = `${item.key}-${items.length > 1 ? target : 'name'}`;
  };
  const remove = (index: number) => {
    const next = items.filter((_, i) => i !== index);
    onChange(next);
    focusAfter.current = next[index] ? `${next[index].key}-name` : next[index - 1] ? `${next[index - 1]!.key}-name` : 'profile-add';
  };
  const add = () => {
    const item = emptyDraft();
    onChange([...items, item]);
    focusAfter.current = `${item.key}-name`;
  };

  return (
    <div className="profile-editor">
      {items.length === 0 && <p>추가 항목이 없습니다. 회원가입 화면에는 기본 항목만 나옵니다.</p>}
      <ol className="profile-editor__list">
        {items.map((item, index) => {
          const title = item.name.trim() || '이름 없는 항목';
          const choice = isChoiceType(item.inputType);
          return (
            <li key={item.key} className="profile-editor__item">
              <fieldset>
                <legend>
                  {index + 1}. {title}
                </legend>
                <div className="admin-grid">
                  <label className="admin-field" htmlFor={`${item.key}-name`}>
                    <span>항목 이름</span>
                    <input id={`${item.key}-name`} className="form-input" value={item.name} maxLength={50} onChange={(e) => update(index, { name: e.target.value })} />
                  </label>
                  <label className="admin-field" htmlFor={`${item.key}-code`}>
                    <span>코드 (영문)</span>
                    <input
                      id={`${item.key}-code`}
                      className="form-input"
                      value={item.code}
                      maxLength={40}
                      autoCapitalize="none"
                      spellCheck={false}
                      onChange={(e) => update(index, { code: e.target.value })}
                    />
                  </label>
                  <div className="admin-field">
                    <label htmlFor={`${item.key}-type`}>입력 형식</label>
                    <select
                      id={`${item.key}-type`}
                      className="form-input form-select"
                      value={item.inputType}
                      onChange={(e) => update(index, { inputType: e.target.value as ProfileDraft['inputType'] })}
                    >
                      {profileInputTypes.map((type) => (
                        <option key={type} value={type}>
                          {inputTypeLabels[type]}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
                {item.inputType !== 'checkbox' && (
                  <label className="admin-field" htmlFor={`${item.key}-options`}>
                    <span>{choice ? '선택지 (한 줄에 하나)' : '입력 안내 (선택)'}</span>
                    {choice ? (
                      <textarea id={`${item.key}-options`} className="form-input form-textarea" rows={3} value={item.options} onChange={(e) => update(index, { options: e.target.value })} />
                    ) : (
                      <input id={`${item.key}-options`} className="form-input" value={item.options} maxLength={100} onChange={(e) => update(index, { options: e.target.value })} />
                    )}
                  </label>
                )}
                <label className="form-check" htmlFor={`${item.key}-required`}>
                  <input id={`${item.key}-required`} type="checkbox" checked={item.required} onChange={(e) => update(index, { required: e.target.checked })} />
                  <span>필수 항목</span>
                </label>
                <div className="admin-actions">
                  <button
                    type="button"
                    id={`${item.key}-up`}
                    className="button"
                    aria-label={`위로: ${title}`}
                    disabled={index === 0}
                    onClick={() => moveTo(index, index - 1, 'up')}
                  >
                    위로
                  </button>
                  <button
                    type="button"
                    id={`${item.key}-down`}
                    className="button"
                    aria-label={`아래로: ${title}`}
                    disabled={index === items.length - 1}
                    onClick={() => moveTo(index, index + 1, 'down')}
                  >
                    아래로
                  </button>
                  <button type="button" className="button button--danger" aria-label={`삭제: ${title}`} onClick={() => remove(index)}>
                    삭제
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button type="button" id="profile-add" className="button" onClick={add}>
        항목 추가
      </button>
    </div>
  );
}
