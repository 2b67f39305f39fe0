import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  adminBoardMessages, adminPaths, areas, boardLimits, listStyles, paths,
  type AdminBoard, type AdminBoardCreate, type Area, type BoardPermissionRoles, type ListStyle,
} from '@contract';
import { refusedField } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { QueryState, SaveResult } from '../shared/SettingsQueryState';
import { useAdminBoards, useSaveBoard } from './api';
import { areaLabels, listStyleLabels } from './board-labels';
import { PermissionMatrix } from './PermissionMatrix';
import '@web/ui/form/forms.css';
import './boards.css';

const MB = 1024 * 1024;
const members = ['MEMBER', 'ADMIN'];
const newBoard: AdminBoardCreate = {
  boardCode: '',
  name: '',
  area: 'Member',
  listStyle: 'list',
  description: '',
  pageSize: 10,
  categories: [],
  allowAttachments: true,
  maxFiles: 5,
  maxFileSize: 20 * MB,
  maxImageSize: 10 * MB,
  useComments: true,
  permissions: { list: members, read: members, write: members, comment: members, download: members, manage: ['ADMIN'] },
  sortOrder: 100,
};

/** 게시판 만들기 / 수정 (issue 9): /admin/boards/NEW makes a board; /admin/boards/{code} edits one. */
export function Component() {
  const { boardCode = 'NEW' } = useParams();
  const creating = boardCode === 'NEW';
  useDocumentTitle(creating ? '새 게시판' : '게시판 수정');
  const query = useAdminBoards();
  const board = query.data?.content.find((b) => b.boardCode.toLowerCase() === boardCode.toLowerCase());
  return (
    <section className="admin-screen" aria-labelledby="board-edit-title">
      <p>
        <Link to={adminPaths.boards} className="admin-link">
          <span aria-hidden="true">← </span>게시판 목록
        </Link>
      </p>
      <h1 id="board-edit-title">{creating ? '새 게시판 만들기' : `게시판 수정: ${board?.name ?? boardCode}`}</h1>
      {!query.data ? (
        <QueryState query={query} label="게시판" />
      ) : !creating && !board ? (
        <p role="alert">게시판을 찾을 수 없습니다.</p>
      ) : (
        <BoardForm key={board?.boardCode ?? 'new'} board={board ?? null} roles={query.data.roles} />
      )}
    </section>
  );
}

function BoardForm({ board, roles }: { board: AdminBoard | null; roles: { roleCode: string; name: string }[] }) {
  const navigate = useNavigate();
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const [values, setValues] = useState<AdminBoardCreate>(() => (board ? { ...board } : newBoard));
  const [categories, setCategories] = useState(values.categories.join('\n'));
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(created ? { ok: true, text: adminBoardMessages.created } : null);
  // A refusal about one field is also shown under that field, which is marked and takes the focus.
  const [fieldError, setFieldError] = useState<{ id: string; text: string } | null>(null);
  const errorOf = (id: string) => (fieldError?.id === id ? fieldError.text : undefined);
  const save = useSaveBoard(board?.boardCode ?? null);
  const set = <K extends keyof AdminBoardCreate>(key: K, value: AdminBoardCreate[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setResult(null);
    setFieldError(null);
    const { boardCode, ...fields } = values;
    const body = { ...fields, categories: categories.split('\n').map((c) => c.trim()).filter(Boolean) };
    try {
      const saved = await save.mutateAsync(board ? body : { ...body, boardCode: boardCode.trim() });
      if (!board) {
        await navigate(adminPaths.board(saved.boardCode), { replace: true, state: { created: true } });
        return;
      }
      setResult({ ok: true, text: adminBoardMessages.saved });
    } catch (err) {
      const text = err instanceof Error ? err.message : '저장하지 못했습니다.';
      setResult({ ok: false, text });
      const id = fieldOfRefusal(refusedField(err));
      if (id) {
        setFieldError({ id, text });
        document.getElementById(id)?.focus();
      }
    }
  }

  const number = (key: 'pageSize' | 'maxFiles' | 'sortOrder', label: string, limits?: { min: number; max: number }) => (
    <Input id={`board-${key}`} label={label}>
      {(id) => (
        <input id={id} className="form-input" type="number" inputMode="numeric" min={limits?.min ?? 0} max={limits?.max} value={values[key]}
          onChange={(e) => set(key, Number(e.target.value))} />
      )}
    </Input>
  );
  const megabytes = (key: 'maxFileSize' | 'maxImageSize', label: string) => (
    <Input id={`board-${key}`} label={`${label} (MB)`}>
      {(id) => (
        <input id={id} className="form-input" type="number" inputMode="decimal" min={1} step={1} value={Math.round((values[key] / MB) * 10) / 10}
          onChange={(e) => set(key, Math.round(Number(e.target.value) * MB))} />
      )}
    </Input>
  );

  return (
    <form onSubmit={onSubmit} aria-label={board ? '게시판 수정' : '새 게시판'} noValidate>
      <fieldset className="admin-section">
        <legend>기본 정보</legend>
        <div className="admin-grid">
          <Input id="board-code" label="게시판 코드 (영문, 주소에 쓰임)" error={errorOf('board-code')}>
            {(id, invalid) => (
              <input id={id} {...invalid} className="form-input" value={values.boardCode} disabled={board !== null} maxLength={40} autoCapitalize="none" spellCheck={false}
                onChange={(e) => set('boardCode', e.target.value)} />
            )}
          </Input>
          <Input id="board-name" label="게시판 이름" error={errorOf('board-name')}>
            {(id, invalid) => <input id={id} {...invalid} className="form-input" value={values.name} maxLength={50} onChange={(e) => set('name', e.target.value)} />}
          </Input>
          <Input id="board-area" label="영역 (메뉴 위치)">
            {(id) => (
              <select id={id} className="form-input form-select" value={values.area} onChange={(e) => set('area', e.target.value as Area)}>
                {areas.map((a) => <option key={a} value={a}>{areaLabels[a]}</option>)}
              </select>
            )}
          </Input>
          <Input id="board-style" label="목록 형식">
            {(id) => (
              <select id={id} className="form-input form-select" value={values.listStyle} onChange={(e) => set('listStyle', e.target.value as ListStyle)}>
                {listStyles.map((s) => (
                  // An inquiry board stays one, and no board becomes one (its posts' privacy depends on it).
                  <option key={s} value={s} disabled={board !== null && (s === 'inquiry') !== (board.listStyle === 'inquiry')}>
                    {listStyleLabels[s]}
                  </option>
                ))}
              </select>
            )}
          </Input>
          {number('pageSize', '한 쪽의 글 수', boardLimits.pageSize)}
          {number('sortOrder', '메뉴 순서')}
        </div>
        <Input id="board-description" label="설명" error={errorOf('board-description')}>
          {(id, invalid) => <textarea id={id} {...invalid} className="form-input form-textarea" rows={2} maxLength={500} value={values.description} onChange={(e) => set('description', e.target.value)} />}
        </Input>
        <Input id="board-categories" label="분류 (한 줄에 하나, 없으면 비워 둡니다)" error={errorOf('board-categories')}>
          {(id, invalid) => <textarea id={id} {...invalid} className="form-input form-textarea" rows={3} value={categories} onChange={(e) => setCategories(e.target.value)} />}
        </Input>
      </fieldset>

      <fieldset className="admin-section">
        <legend>첨부와 댓글</legend>
        <label className="form-check" htmlFor="board-attachments">
          <input id="board-attachments" type="checkbox" checked={values.allowAttachments} onChange={(e) => set('allowAttachments', e.target.checked)} />
          <span>첨부파일 허용</span>
        </label>
        <div className="admin-grid">
          {number('maxFiles', '첨부파일 수', boardLimits.maxFiles)}
          {megabytes('maxFileSize', '첨부파일 하나의 크기')}
          {megabytes('maxImageSize', '본문 이미지 크기')}
        </div>
        <label className="form-check" htmlFor="board-comments">
          <input id="board-comments" type="checkbox" checked={values.useComments} onChange={(e) => set('useComments', e.target.checked)} />
          <span>댓글 사용</span>
        </label>
      </fieldset>

      <fieldset className="admin-section">
        <legend>권한</legend>
        <PermissionMatrix roles={roles} value={values.permissions} onChange={(p: BoardPermissionRoles) => set('permissions', p)} />
      </fieldset>

      <div className="admin-actions admin-actions--end">
        {board && (
          <Link to={paths.boardList(board.area, board.boardCode)} className="button">
            게시판 열기
          </Link>
        )}
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? '저장 중…' : board ? '게시판 저장' : '게시판 만들기'}
        </button>
      </div>
      <SaveResult result={result} />
    </form>
  );
}

/** What ties an input to its error: marked invalid, described by the error first. */
interface Invalid {
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

function Input({ id, label, error, children }: { id: string; label: string; error?: string; children: (id: string, invalid: Invalid) => ReactNode }) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {children(id, { 'aria-invalid': Boolean(error), 'aria-describedby': errorId })}
      {error && (
        <p className="form-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The request fields this form marks when a refusal names them, and their elements. */
const refusableFields: Partial<Record<keyof AdminBoardCreate, string>> = {
  boardCode: 'board-code',
  name: 'board-name',
  description: 'board-description',
  categories: 'board-categories',
};

/**
 * The element of the field a refusal names (the answer's `field`: `name`, or `categories.2` for
 * one category), when this form marks it; null for the form as a whole.
 */
function fieldOfRefusal(field: string | null): string | null {
  const head = field?.split('.')[0];
  return head && Object.hasOwn(refusableFields, head) ? (refusableFields[head as keyof AdminBoardCreate] ?? null) : null;
}
