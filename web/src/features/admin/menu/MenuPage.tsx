import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type Control, type Path, type UseFormRegister, type FieldErrors } from 'react-hook-form';
import { menuMessages, type Menu } from '@contract';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useBoardMenu } from '@web/lib/board-menu';
import { failureText, showRefusalAtField } from '../shared/contract-form';
import { QueryState, SaveResult } from '../shared/SettingsQueryState';
import { useMenuForEditing, useSaveMenu } from './api';
import { EntryFields, MoveButtons, type BoardOption } from './EntryFields';
import { formFieldOf, menuResolver, newGroup, newLink, toItems, toValues, type EntryKind, type MenuValues } from './menu-draft';
import '@web/ui/form/forms.css';
import './menu.css';

/**
 * 메뉴 (issue 22): the header menu staff edit: rename, reorder (buttons, by keyboard), hide, add a
 * site path, a board or an external link, remove; groups with one level of links. A save reaches
 * every visitor's header within seconds (docs/decisions/0027-menu-as-data.md).
 */
export function Component() {
  useDocumentTitle('메뉴');
  const query = useMenuForEditing();
  const boards = useBoardMenu().data?.content;
  return (
    <section className="admin-screen" aria-labelledby="menu-title">
      <h1 id="menu-title">메뉴</h1>
      <p className="admin-lead">
        누리집 머리글의 주 메뉴입니다. 저장하면 몇 초 안에 모든 방문자의 화면에 반영됩니다. 새로 만든 게시판은 그 영역을 받는 메뉴에 자동으로
        붙습니다.
      </p>
      {query.data && boards ? (
        <MenuForm menu={query.data} boards={boards.map((b) => ({ boardCode: b.boardCode, name: b.name }))} />
      ) : (
        <QueryState query={query} label="메뉴" />
      )}
    </section>
  );
}

function MenuForm({ menu, boards }: { menu: Menu; boards: BoardOption[] }) {
  const save = useSaveMenu();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  // The revision the form's contents are based on: the one read, then each save's own.
  const [base, setBase] = useState(menu.revision);
  const { register, control, handleSubmit, setError, formState, reset } = useForm<MenuValues>({ defaultValues: toValues(menu), resolver: menuResolver });
  const groups = useFieldArray({ control, name: 'items', keyName: 'key' });

  async function onValid(values: MenuValues) {
    setResult(null);
    try {
      const saved = await save.mutateAsync({ revision: base, items: toItems(values) });
      // The form now holds the saved menu (boards' paths written, new boards listed).
      reset(toValues(saved));
      setBase(saved.revision);
      setResult({ ok: true, text: menuMessages.saved });
    } catch (err) {
      // What was typed stays (a refusal, or another administrator's newer save: 409).
      setResult({ ok: false, text: failureText(err) });
      showRefusalAtField(setError, err, (field) => formFieldOf(field) as Path<MenuValues> | null);
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(onValid)(event)} aria-label="메뉴 편집" noValidate>
      {groups.fields.map((group, index) => (
        <GroupEditor
          key={group.key}
          index={index}
          count={groups.fields.length}
          control={control}
          register={register}
          errors={formState.errors}
          boards={boards}
          onMove={(to) => groups.move(index, to)}
          onRemove={() => groups.remove(index)}
        />
      ))}
      <div className="admin-actions">
        <button type="button" className="button" onClick={() => groups.append(newGroup(), { shouldFocus: false })}>
          메뉴 묶음 추가
        </button>
      </div>
      <div className="admin-actions admin-actions--end">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? '저장 중…' : '메뉴 저장'}
        </button>
      </div>
      <SaveResult result={result} />
    </form>
  );
}

interface GroupEditorProps {
  index: number;
  count: number;
  control: Control<MenuValues>;
  register: UseFormRegister<MenuValues>;
  errors: FieldErrors<MenuValues>;
  boards: BoardOption[];
  onMove(to: number): void;
  onRemove(): void;
}

const addLabels: Record<Exclude<EntryKind, 'group'>, string> = { board: '게시판 링크 추가', path: '누리집 경로 추가', url: '외부 링크 추가' };

/** One top-level entry: its own fields and moves, and its links with theirs. */
function GroupEditor({ index, count, control, register, errors, boards, onMove, onRemove }: GroupEditorProps) {
  const links = useFieldArray({ control, name: `items.${index}.children`, keyName: 'key' });
  const entry = useWatch({ control, name: `items.${index}` });
  const title = entry.label.trim() || '새 메뉴';
  return (
    <fieldset className="admin-section menu-group">
      <legend>
        {index + 1}. {title}
        {entry.hidden && <span className="menu-hidden-mark"> (숨김)</span>}
      </legend>
      <EntryFields at={[index]} entry={entry} context={title} register={register} errors={errors.items?.[index]} boards={boards} topLevel />
      <MoveButtons entryId={entry.id} label={title} index={index} count={count} onMove={onMove} onRemove={onRemove} removeLabel="메뉴 묶음 삭제" />
      {entry.kind === 'group' && (
        <>
          <ol className="menu-links" aria-label={`${title}의 링크`}>
            {links.fields.map((link, j) => {
              const child = entry.children[j] ?? link;
              const childTitle = child.label.trim() || '새 링크';
              return (
                <li key={link.key} className="menu-link">
                  <EntryFields
                    at={[index, j]}
                    entry={child}
                    context={`${title} > ${childTitle}`}
                    register={register}
                    errors={errors.items?.[index]?.children?.[j]}
                    boards={boards}
                  />
                  <MoveButtons entryId={child.id} label={childTitle} index={j} count={links.fields.length} onMove={(to) => links.move(j, to)} onRemove={() => links.remove(j)} removeLabel="삭제" />
                </li>
              );
            })}
          </ol>
          <div className="admin-actions">
            {(Object.keys(addLabels) as Exclude<EntryKind, 'group'>[]).map((kind) => (
              <button key={kind} type="button" className="button" onClick={() => links.append(newLink(kind))}>
                {addLabels[kind]}
                <span className="visually-hidden"> ({title})</span>
              </button>
            ))}
          </div>
        </>
      )}
    </fieldset>
  );
}
