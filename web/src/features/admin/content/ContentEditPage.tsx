import { useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import {
  adminPaths, contentBodyTypeLabels, contentBodyTypes, contentMessages, contentPaths, isContentCode,
  type AdminContentView, type ContentCode,
} from '@contract';
import { withParticle } from '@contract/korean-particle';
import { errorCodeOf } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { RichTextEditor } from '@web/ui/editor/RichTextEditor';
import { ChoiceGroup, Field } from '@web/ui/form/Field';
import { failureText, showRefusalAtField } from '../shared/contract-form';
import { QueryState, SaveResult } from '../shared/SettingsQueryState';
import { contentImageMaxSize, uploadContentImage, useContentPages, useContentVersion, useSaveContent } from './api';
import { contentResolver, formFieldOf, formFrom, saveRequestOf, type BodyType, type ContentValues } from './content-form';
import { HistoryRowsEditor } from './HistoryRowsEditor';
import { OrganizationUnitsEditor } from './OrganizationUnitsEditor';
import { formatKoreaDateTime, koreaLocalOf, publishLabels, versionStatusLabels, type PublishChoice } from './publish';
import '@web/ui/form/forms.css';
import './content.css';

type Page = NonNullable<ReturnType<typeof useContentPages>['data']>['content'][number];

/** 콘텐츠 수정 (issue 22): /admin/content/{code} edits a page's title, body and note, and saves a new version. */
export function Component() {
  const { code = '' } = useParams();
  const known = isContentCode(code);
  const query = useContentPages();
  const page = known ? query.data?.content.find((p) => p.code === code) : undefined;
  useDocumentTitle(page ? `콘텐츠 수정: ${page.title}` : '콘텐츠 수정');
  return (
    <section className="admin-screen" aria-labelledby="content-edit-title">
      <p>
        <Link to={adminPaths.contents} className="admin-link">
          <span aria-hidden="true">← </span>콘텐츠 목록
        </Link>
      </p>
      <h1 id="content-edit-title">{page ? `콘텐츠 수정: ${page.title}` : '콘텐츠 수정'}</h1>
      {!known ? (
        <p role="alert">{contentMessages.notFound}</p>
      ) : !query.data ? (
        <QueryState query={query} label="콘텐츠" />
      ) : !page ? (
        <p role="alert">{contentMessages.notFound}</p>
      ) : (
        <PinnedEditor key={code} code={code as ContentCode} page={page} />
      )}
    </section>
  );
}

/**
 * The editor starts from the newest version it loaded and stays on it (another admin's save does
 * not replace what is being typed: the save is refused instead, issue 22). After its own save it
 * moves on to the version it made.
 */
function PinnedEditor({ code, page }: { code: ContentCode; page: Page }) {
  const [base, setBase] = useState(page.latest?.version ?? 0);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const version = useContentVersion(code, base > 0 ? base : null);
  const type: BodyType = contentBodyTypes[code];
  if (base > 0 && !version.data) return <QueryState query={version} label="콘텐츠 본문" />;
  const loaded = version.data ?? null;
  return (
    <>
      <div className="admin-facts content-facts">
        <p>
          본문 형식: {contentBodyTypeLabels[type]} · 불러온 버전:{' '}
          {loaded ? `${loaded.version} (${versionStatusLabels[loaded.status]}, ${formatKoreaDateTime(loaded.updatedAt)} ${loaded.createdByName})` : '없음'}
        </p>
        <p className="admin-actions">
          <Link to={adminPaths.contentVersions(code)} className="admin-link">
            버전 기록과 미리보기
          </Link>
          <Link to={contentPaths[code]} className="admin-link" target="_blank" rel="noopener">
            공개 화면 열기<span className="visually-hidden"> (새 창)</span>
          </Link>
        </p>
      </div>
      <ContentForm
        key={base}
        code={code}
        type={type}
        loaded={loaded}
        baseVersion={base}
        result={result}
        onResult={setResult}
        onSaved={(saved) => setBase(saved.version)}
      />
    </>
  );
}

interface FormProps {
  code: ContentCode;
  type: BodyType;
  loaded: AdminContentView | null;
  baseVersion: number;
  result: { ok: boolean; text: string } | null;
  onResult: (result: { ok: boolean; text: string } | null) => void;
  onSaved: (saved: AdminContentView) => void;
}

function savedText(saved: AdminContentView, choice: PublishChoice): string {
  const version = `버전 ${saved.version}`;
  if (choice === 'draft') return `${withParticle(version, '을/를')} 임시 저장했습니다.`;
  if (choice === 'schedule') return `${withParticle(version, '이/가')} ${formatKoreaDateTime(saved.effectiveFrom)}에 게시되도록 예약했습니다.`;
  return `${withParticle(version, '을/를')} 게시했습니다.`;
}

function ContentForm({ code, type, loaded, baseVersion, result, onResult, onSaved }: FormProps) {
  const formId = useId();
  const [start] = useState(() => formFrom(type, loaded));
  const carried = useRef(start.loadedBody);
  const save = useSaveContent(code);
  const { register, control, handleSubmit, setError, setFocus, formState } = useForm<ContentValues>({
    defaultValues: start.values,
    resolver: contentResolver(
      () => carried.current,
      () => baseVersion,
    ),
  });
  const errors = formState.errors;
  const publish = useWatch({ control, name: 'publish' });
  const htmlLabelId = `${formId}-html-label`;
  const htmlErrorId = `${formId}-html-error`;

  async function onValid(values: ContentValues) {
    onResult(null);
    try {
      const saved = await save.mutateAsync(saveRequestOf(values, carried.current, baseVersion));
      onResult({ ok: true, text: savedText(saved, values.publish) });
      onSaved(saved);
    } catch (err) {
      // A refusal keeps everything typed: the form is not reset (issue 22, the conflict above all).
      onResult({ ok: false, text: failureText(err) });
      if (errorCodeOf(err) !== 'CONFLICT') showRefusalAtField(setError, err, (field) => formFieldOf(field, type));
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(onValid)(event)} aria-label="콘텐츠 수정" noValidate>
      <fieldset className="admin-section">
        <legend>기본 정보</legend>
        <Field id={`${formId}-title`} label="제목" required error={errors.title?.message}>
          {(props) => <input {...props} {...register('title')} className="form-input" maxLength={200} autoComplete="off" />}
        </Field>
        <Field id={`${formId}-note`} label="변경 메모" hint="무엇을 왜 바꾸었는지 짧게 적습니다 (200자 이내). 버전 기록에 남습니다." error={errors.note?.message}>
          {(props) => <input {...props} {...register('note')} className="form-input" maxLength={200} autoComplete="off" />}
        </Field>
      </fieldset>

      {type === 'html' ? (
        <div className={`form-field${errors.html ? ' form-field--invalid' : ''}`}>
          <span className="form-field__label" id={htmlLabelId}>
            본문
          </span>
          <Controller
            control={control}
            name="html"
            render={({ field }) => (
              <RichTextEditor
                id={`${formId}-html`}
                labelId={htmlLabelId}
                describedBy={errors.html ? htmlErrorId : undefined}
                invalid={Boolean(errors.html)}
                initialContent={start.values.html}
                onChange={field.onChange}
                onBlur={field.onBlur}
                uploadImage={uploadContentImage}
                maxImageSize={contentImageMaxSize}
                contentPage
              />
            )}
          />
          {errors.html && (
            <p className="form-field__error" id={htmlErrorId}>
              {errors.html.message}
            </p>
          )}
        </div>
      ) : (
        <>
          <Field id={`${formId}-lead`} label="머리말 (선택)" error={errors.lead?.message}>
            {(props) => <textarea {...props} {...register('lead')} className="form-input form-textarea" rows={2} />}
          </Field>
          {type === 'history' ? (
            <HistoryRowsEditor control={control} register={register} setFocus={setFocus} errors={errors} />
          ) : (
            <OrganizationUnitsEditor control={control} register={register} setFocus={setFocus} errors={errors} />
          )}
        </>
      )}

      <fieldset className="admin-section">
        <legend>게시</legend>
        <ChoiceGroup id={`${formId}-publish`} legend="게시 방법">
          {(['now', 'draft', 'schedule'] as const).map((choice) => (
            <label key={choice} className="form-check" htmlFor={`${formId}-publish-${choice}`}>
              <input id={`${formId}-publish-${choice}`} type="radio" value={choice} {...register('publish')} />
              <span>{publishLabels[choice]}</span>
            </label>
          ))}
        </ChoiceGroup>
        {publish === 'schedule' && (
          <Field
            id={`${formId}-schedule`}
            label="게시 일시 (한국 시간)"
            hint="이 시각이 되면 저절로 게시됩니다. 개인정보처리방침과 약관은 그때까지 공개 화면에 개정 예정이 안내됩니다."
            error={errors.scheduleAt?.message}
          >
            {(props) => <input {...props} {...register('scheduleAt')} className="form-input" type="datetime-local" min={koreaLocalOf(new Date())} />}
          </Field>
        )}
      </fieldset>

      <div className="admin-actions admin-actions--end">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? '저장 중…' : publish === 'draft' ? '임시 저장' : publish === 'schedule' ? '예약 게시' : '게시'}
        </button>
      </div>
      {errors.root && <p className="form-message form-message--error">{errors.root.message}</p>}
      <SaveResult result={result} />
    </form>
  );
}
