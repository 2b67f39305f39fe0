import { useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { popupCreateRequest, popupScreenLabels, popupScreens, type AdminPopup, type PopupScreen } from '@contract';
import { ChoiceGroup, Field } from '@web/ui/form/Field';
import { RichTextEditor } from '@web/ui/editor/RichTextEditor';
import { contractResolver, failureText, showRefusalAtField } from '../shared/contract-form';
import { uploadPopupImage, useSavePopup } from './api';
import { fromKoreanInput, toKoreanInput } from './popup-time';

/** The site's default limit for an editor image (server/modules/upload: no board named). */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

interface PopupValues {
  title: string;
  body: string;
  startsAt: string;
  endsAt: string;
  screen: PopupScreen;
  linkUrl: string;
  imageFileId: string | null;
  imageUrl: string | null;
  imageAlt: string;
}

const valuesOf = (popup: AdminPopup | null): PopupValues => ({
  title: popup?.title ?? '',
  body: popup?.body ?? '',
  startsAt: toKoreanInput(popup?.startsAt),
  endsAt: toKoreanInput(popup?.endsAt),
  screen: popup?.screen ?? 'home',
  linkUrl: popup?.linkUrl ?? '',
  imageFileId: popup?.imageFileId ?? null,
  imageUrl: popup?.imageUrl ?? null,
  // What staff wrote, not the title the answer falls back on: saving the form unchanged keeps "none".
  imageAlt: popup?.imageAltText ?? '',
});

const toBody = (v: PopupValues) => ({
  title: v.title,
  body: v.body,
  startsAt: fromKoreanInput(v.startsAt),
  endsAt: fromKoreanInput(v.endsAt),
  screen: v.screen,
  linkUrl: v.linkUrl,
  imageFileId: v.imageFileId,
  // Kept only with an image (the field is hidden without one, and an image's text means nothing without it).
  imageAlt: v.imageFileId ? v.imageAlt : null,
});

const formFields = new Set(['title', 'body', 'startsAt', 'endsAt', 'screen', 'linkUrl', 'imageFileId', 'imageAlt']);

/**
 * A pop-up's form (issue 22): its title, text (the posts' editor), image with its text alternative
 * (KWCAG 2.2 / WCAG 1.1.1: a poster's words are the notice), link, period in Korea time and where
 * it shows. Checked with the contract's schema before it is sent, so a refusal is the server's
 * sentence under its field.
 */
export function PopupForm({ popup, onDone }: { popup: AdminPopup | null; onDone: (message: string) => void }) {
  const formId = useId();
  const bodyLabelId = `${formId}-body-label`;
  const [initial] = useState(() => valuesOf(popup));
  const [failure, setFailure] = useState('');
  const [uploading, setUploading] = useState(false);
  const imageInput = useRef<HTMLInputElement>(null);
  const save = useSavePopup(popup?.id ?? null);
  const form = useForm<PopupValues>({
    defaultValues: initial,
    resolver: contractResolver<PopupValues>(popupCreateRequest, toBody),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, handleSubmit, setError, setValue, watch, formState } = form;
  const errors = formState.errors;
  const imageUrl = watch('imageUrl');

  const submit = handleSubmit(async (values) => {
    setFailure('');
    try {
      await save.mutateAsync(toBody(values));
      onDone(popup ? '팝업을 수정했습니다.' : '팝업을 등록했습니다.');
    } catch (err) {
      if (!showRefusalAtField(setError, err, (field) => (formFields.has(field) ? (field as keyof PopupValues) : null))) setFailure(failureText(err));
    }
  });

  async function chooseImage(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    setFailure('');
    try {
      const uploaded = await uploadPopupImage(file);
      setValue('imageFileId', uploaded.id);
      setValue('imageUrl', uploaded.url);
    } catch (err) {
      setError('imageFileId', { type: 'server', message: failureText(err, '이미지를 올리지 못했습니다.') });
    } finally {
      setUploading(false);
      if (imageInput.current) imageInput.current.value = '';
    }
  }

  return (
    <form className="popup-form" aria-labelledby={`${formId}-title`} noValidate onSubmit={(e) => void submit(e)}>
      <h2 id={`${formId}-title`}>{popup ? '팝업 수정' : '새 팝업'}</h2>
      <Field id={`${formId}-name`} label="제목" required error={errors.title?.message}>
        {(control) => <input {...control} {...register('title')} className="form-input" type="text" maxLength={200} autoComplete="off" />}
      </Field>

      <div className={`form-field${errors.body ? ' form-field--invalid' : ''}`}>
        <span className="form-field__label" id={bodyLabelId}>
          내용
        </span>
        <Controller
          control={control}
          name="body"
          render={({ field }) => (
            <RichTextEditor
              id={`${formId}-body`}
              labelId={bodyLabelId}
              describedBy={errors.body ? `${formId}-body-error` : undefined}
              invalid={Boolean(errors.body)}
              initialContent={initial.body}
              onChange={field.onChange}
              onBlur={field.onBlur}
              uploadImage={uploadPopupImage}
              maxImageSize={MAX_IMAGE_BYTES}
            />
          )}
        />
        {errors.body && (
          <p className="form-field__error" id={`${formId}-body-error`}>
            {errors.body.message}
          </p>
        )}
      </div>

      <Field id={`${formId}-image`} label="이미지 (선택)" error={errors.imageFileId?.message} hint="이미지를 올리면 이미지 대체 텍스트를 적는 칸이 나타납니다.">
        {(control) => (
          <input
            {...control}
            ref={imageInput}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            disabled={uploading}
            onChange={(e) => void chooseImage(e.target.files?.[0])}
          />
        )}
      </Field>
      {imageUrl && (
        <div className="popup-form__image">
          <img src={imageUrl} alt="선택한 팝업 이미지 미리보기" />
          <button
            type="button"
            className="button"
            onClick={() => {
              setValue('imageFileId', null);
              setValue('imageUrl', null);
            }}
          >
            이미지 빼기
          </button>
        </div>
      )}
      {/* No maxLength: a poster's long text cut silently would lose its end; the limit is said as an error. */}
      {imageUrl && (
        <Field
          id={`${formId}-image-alt`}
          label="이미지 대체 텍스트"
          error={errors.imageAlt?.message}
          hint="이미지에 담긴 글자와 뜻을 모두 적어 주세요. 비워 두면 제목을 대체 텍스트로 씁니다."
        >
          {(control) => <textarea {...control} {...register('imageAlt')} className="form-input form-textarea" rows={4} />}
        </Field>
      )}

      <Field id={`${formId}-link`} label="링크 (선택)" error={errors.linkUrl?.message} hint="사이트 안의 경로(/nids/notice/List/) 또는 https:// 주소">
        {(control) => <input {...control} {...register('linkUrl')} className="form-input" type="text" inputMode="url" autoComplete="off" />}
      </Field>

      <div className="popup-form__period">
        <Field id={`${formId}-starts`} label="시작 일시 (한국 시각)" required error={errors.startsAt?.message}>
          {(control) => <input {...control} {...register('startsAt')} className="form-input" type="datetime-local" />}
        </Field>
        <Field id={`${formId}-ends`} label="종료 일시 (한국 시각)" required error={errors.endsAt?.message}>
          {(control) => <input {...control} {...register('endsAt')} className="form-input" type="datetime-local" />}
        </Field>
      </div>

      <ChoiceGroup id={`${formId}-screen`} legend="표시 위치" required error={errors.screen?.message}>
        {popupScreens.map((screen) => (
          <label key={screen} className="form-check">
            <input type="radio" value={screen} {...register('screen')} /> {popupScreenLabels[screen]}
          </label>
        ))}
      </ChoiceGroup>

      <div role="alert" className={failure ? 'form-message form-message--error' : undefined}>
        {failure && <p>{failure}</p>}
      </div>
      <div className="admin-actions admin-actions--end">
        <button type="button" className="button" onClick={() => onDone('')}>
          취소
        </button>
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting || uploading}>
          {formState.isSubmitting ? '저장 중…' : '저장'}
        </button>
      </div>
    </form>
  );
}
