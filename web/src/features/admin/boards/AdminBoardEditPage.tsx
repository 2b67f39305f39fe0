import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  adminBoardCreate, adminBoardFields, adminBoardMessages, adminPaths, areas, boardLimits, listStyles, paths,
  type AdminBoard, type AdminBoardCreate,
} from '@contract';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Field } from '@web/ui/form/Field';
import { contractResolver, failureText, showRefusalAtField } from '../shared/contract-form';
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

/** The form: the body's fields, with the categories as typed (one a line) and the sizes in MB. */
type BoardValues = Omit<AdminBoardCreate, 'categories' | 'maxFileSize' | 'maxImageSize'> & { categories: string; maxFileSize: number; maxImageSize: number };

const toValues = (board: AdminBoardCreate): BoardValues => ({
  ...board,
  categories: board.categories.join('\n'),
  maxFileSize: Math.round((board.maxFileSize / MB) * 10) / 10,
  maxImageSize: Math.round((board.maxImageSize / MB) * 10) / 10,
});

/** The body `PUT /api/admin/boards` takes (a new board keeps its code; an edit sends the rest). */
const toBody = ({ boardCode, categories, maxFileSize, maxImageSize, ...fields }: BoardValues): AdminBoardCreate => ({
  ...fields,
  boardCode: boardCode.trim(),
  categories: categories.split('\n').map((c) => c.trim()).filter(Boolean),
  maxFileSize: Math.round(maxFileSize * MB),
  maxImageSize: Math.round(maxImageSize * MB),
});

/** A number field's value as the server gets it (an emptied field is 0, which the limits refuse). */
const asNumber = { setValueAs: (value: string) => Number(value) };

function BoardForm({ board, roles }: { board: AdminBoard | null; roles: { roleCode: string; name: string }[] }) {
  const navigate = useNavigate();
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(created ? { ok: true, text: adminBoardMessages.created } : null);
  const save = useSaveBoard(board?.boardCode ?? null);
  const { register, control, handleSubmit, setError, formState } = useForm<BoardValues>({
    defaultValues: toValues(board ?? newBoard),
    // The contract's rules for the body; the server says what they leave open (a blank name, a taken code).
    resolver: contractResolver(board ? adminBoardFields : adminBoardCreate, toBody),
  });
  const errors = formState.errors;

  async function onValid(values: BoardValues) {
    setResult(null);
    const { boardCode, ...body } = toBody(values);
    try {
      const saved = await save.mutateAsync(board ? body : { ...body, boardCode });
      if (!board) {
        await navigate(adminPaths.board(saved.boardCode), { replace: true, state: { created: true } });
        return;
      }
      setResult({ ok: true, text: adminBoardMessages.saved });
    } catch (err) {
      setResult({ ok: false, text: failureText(err) });
      showRefusalAtField(setError, err, fieldOfRefusal);
    }
  }

  const number = (key: 'pageSize' | 'maxFiles' | 'sortOrder', label: string, limits?: { min: number; max: number }) => (
    <Field id={`board-${key}`} label={label} error={errors[key]?.message}>
      {(control) => (
        <input {...control} {...register(key, asNumber)} className="form-input" type="number" inputMode="numeric" min={limits?.min ?? 0} max={limits?.max} />
      )}
    </Field>
  );
  const megabytes = (key: 'maxFileSize' | 'maxImageSize', label: string) => (
    <Field id={`board-${key}`} label={`${label} (MB)`} error={errors[key]?.message}>
      {(control) => <input {...control} {...register(key, asNumber)} className="form-input" type="number" inputMode="decimal" min={1} step={1} />}
    </Field>
  );

  return (
    <form onSubmit={(event) => void handleSubmit(onValid)(event)} aria-label={board ? '게시판 수정' : '새 게시판'} noValidate>
      <fieldset className="admin-section">
        <legend>기본 정보</legend>
        <div className="admin-grid">
          <Field id="board-code" label="게시판 코드 (영문, 주소에 쓰임)" error={errors.boardCode?.message}>
            {(control) => (
              <input {...control} {...register('boardCode')} className="form-input" disabled={board !== null} maxLength={40} autoCapitalize="none" spellCheck={false} />
            )}
          </Field>
          <Field id="board-name" label="게시판 이름" error={errors.name?.message}>
            {(control) => <input {...control} {...register('name')} className="form-input" maxLength={50} />}
          </Field>
          <Field id="board-area" label="영역 (메뉴 위치)" error={errors.area?.message}>
            {(control) => (
              <select {...control} {...register('area')} className="form-input form-select">
                {areas.map((a) => <option key={a} value={a}>{areaLabels[a]}</option>)}
              </select>
            )}
          </Field>
          <Field
            id="board-style"
            label="목록 형식"
            hint="FAQ는 질문을 분류별로 묶어 보여주고, 질문을 누르면 답변이 열립니다. 분류가 있으면 질문마다 분류를 골라야 합니다."
            error={errors.listStyle?.message}
          >
            {(control) => (
              <select {...control} {...register('listStyle')} className="form-input form-select">
                {listStyles.map((s) => (
                  // An inquiry board stays one, and no board becomes one (its posts' privacy depends on it).
                  <option key={s} value={s} disabled={board !== null && (s === 'inquiry') !== (board.listStyle === 'inquiry')}>
                    {listStyleLabels[s]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {number('pageSize', '한 쪽의 글 수', boardLimits.pageSize)}
          {number('sortOrder', '메뉴 순서')}
        </div>
        <Field id="board-description" label="설명" error={errors.description?.message}>
          {(control) => <textarea {...control} {...register('description')} className="form-input form-textarea" rows={2} maxLength={500} />}
        </Field>
        <Field id="board-categories" label="분류 (한 줄에 하나, 없으면 비워 둡니다)" error={errors.categories?.message}>
          {(control) => <textarea {...control} {...register('categories')} className="form-input form-textarea" rows={3} />}
        </Field>
      </fieldset>

      <fieldset className="admin-section">
        <legend>첨부와 댓글</legend>
        <label className="form-check" htmlFor="board-attachments">
          <input id="board-attachments" type="checkbox" {...register('allowAttachments')} />
          <span>첨부파일 허용</span>
        </label>
        <div className="admin-grid">
          {number('maxFiles', '첨부파일 수', boardLimits.maxFiles)}
          {megabytes('maxFileSize', '첨부파일 하나의 크기')}
          {megabytes('maxImageSize', '본문 이미지 크기')}
        </div>
        <label className="form-check" htmlFor="board-comments">
          <input id="board-comments" type="checkbox" {...register('useComments')} />
          <span>댓글 사용</span>
        </label>
      </fieldset>

      <fieldset className="admin-section">
        <legend>권한</legend>
        <Controller
          control={control}
          name="permissions"
          render={({ field }) => <PermissionMatrix roles={roles} value={field.value} onChange={field.onChange} />}
        />
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

/** The request fields this form marks when a refusal names them. */
const refusableFields = ['boardCode', 'name', 'description', 'categories'] as const satisfies readonly (keyof BoardValues)[];

/**
 * The form field a refusal names (the answer's `field`: `name`, or `categories.2` for one
 * category), when this form marks it; null for the form as a whole.
 */
function fieldOfRefusal(field: string): (typeof refusableFields)[number] | null {
  const head = field.split('.')[0];
  return refusableFields.find((name) => name === head) ?? null;
}
