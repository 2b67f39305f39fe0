import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  ALUMNI_MAX_FILE_SIZE, ALUMNI_MAX_ROWS, alumniFieldLabels, alumniFieldNames, alumniImportBody, alumniMessages,
  type AlumniImportMode, type AlumniImportPreview, type AlumniImportReport,
} from '@contract';
import { Field, ChoiceGroup } from '@web/ui/form/Field';
import { ReasonField } from '@web/ui/form/ReasonField';
import { contractResolver } from '../../shared/contract-form';
import { importAlumni, previewAlumniImport, uploadAlumniWorkbook } from '../api/alumni-excel';
import { useInvalidateAlumni } from '../api/save-alumni';
import { Dialog, DialogActions, DialogFailure } from '@web/ui/Dialog';
import { AlumniImportPreviewTable } from './AlumniImportPreviewTable';
import { AlumniImportReportView } from './AlumniImportReportView';

/** 엑셀 가져오기: pick a file -> upload -> preview of the first rows -> mode and reason -> report. */
export function AlumniImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} title="주소록 엑셀 가져오기" width="wide" onClose={onClose}>
      {open && <ImportSteps onClose={onClose} />}
    </Dialog>
  );
}

type Step =
  | { kind: 'pick' }
  | { kind: 'preview'; file: File; fileId: string; preview: AlumniImportPreview }
  | { kind: 'report'; file: File; reason: string; report: AlumniImportReport };

const modeLabels: Record<AlumniImportMode, string> = {
  allOrNothing: '모두 올바를 때만 반영 (오류가 있는 행이 하나라도 있으면 아무것도 바꾸지 않습니다)',
  skipInvalid: '올바른 행만 반영 (오류가 있는 행은 건너뜁니다)',
};

const errorText = (err: unknown) => (err instanceof Error && err.message ? err.message : '처리하지 못했습니다. 잠시 후 다시 시도해주세요.');

function ImportSteps({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // Each new step is announced by moving the focus to its heading (not on opening: the dialog
  // puts the focus on the file field then).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step.kind]);

  const heading = { pick: '1. 파일 선택', preview: '2. 미리보기와 가져오기', report: '3. 결과' }[step.kind];
  return (
    <>
      <h3 className="alumni-import__step" ref={headingRef} tabIndex={-1}>
        {heading}
      </h3>
      {step.kind === 'pick' && (
        <PickStep onCancel={onClose} onPreview={(file, fileId, preview) => setStep({ kind: 'preview', file, fileId, preview })} />
      )}
      {step.kind === 'preview' && (
        <PreviewStep
          step={step}
          onBack={() => setStep({ kind: 'pick' })}
          onReport={(reason, report) => setStep({ kind: 'report', file: step.file, reason, report })}
        />
      )}
      {step.kind === 'report' && (
        <ReportStep step={step} onClose={onClose} onReport={(report) => setStep({ ...step, report })} onAgain={() => setStep({ kind: 'pick' })} />
      )}
    </>
  );
}

/** What is wrong with the file picked, or true when it will do (an upload has no body schema to check). */
function fileProblem(files: FileList | null): string | true {
  const file = files?.[0];
  if (!file) return '가져올 엑셀 파일을 선택해주세요.';
  return /\.xlsx$/i.test(file.name) ? true : alumniMessages.onlyXlsx;
}

function PickStep({ onCancel, onPreview }: { onCancel: () => void; onPreview: (file: File, fileId: string, preview: AlumniImportPreview) => void }) {
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const { register, handleSubmit, formState } = useForm<{ files: FileList | null }>({ defaultValues: { files: null } });

  async function submit({ files }: { files: FileList | null }) {
    const file = files?.[0];
    if (busy || !file) return;
    setFailure('');
    setBusy(true);
    try {
      const uploaded = await uploadAlumniWorkbook(file);
      onPreview(file, uploaded.id, await previewAlumniImport(uploaded.id));
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  const headers = alumniFieldNames.map((f) => alumniFieldLabels[f]).join(', ');
  return (
    <form className="dialog__form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Field
        id="alumni-import-file"
        label="엑셀 파일 (.xlsx)"
        required
        error={formState.errors.files?.message}
        hint={`첫 행에 머리글(${headers})을 넣어주세요. 이름은 반드시 있어야 하고, 순서는 상관없습니다. 이메일이 같은 사람은 수정됩니다. ${ALUMNI_MAX_ROWS.toLocaleString('ko-KR')}행, ${ALUMNI_MAX_FILE_SIZE / 1024 / 1024} MB까지 올릴 수 있습니다.`}
      >
        {(control) => (
          <input
            {...control}
            {...register('files', { validate: fileProblem })}
            className="form-input"
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          />
        )}
      </Field>
      <DialogFailure message={failure} />
      <DialogActions onCancel={onCancel} busy={busy} actionLabel="올리고 미리보기" busyLabel="올리는 중…" />
    </form>
  );
}

interface ImportValues {
  mode: AlumniImportMode;
  reason: string;
}

function PreviewStep({ step, onBack, onReport }: {
  step: Extract<Step, { kind: 'preview' }>;
  onBack: () => void;
  onReport: (reason: string, report: AlumniImportReport) => void;
}) {
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidateAlumni();
  const { register, control, handleSubmit } = useForm<ImportValues>({
    defaultValues: { mode: 'allOrNothing', reason: '' },
    // The contract's body for the import: the reason's rule is the access records' (1 to 500 characters).
    resolver: contractResolver<ImportValues>(alumniImportBody.pick({ mode: true, reason: true }), (values) => values),
  });

  async function submit({ mode, reason }: ImportValues) {
    if (busy) return;
    const trimmed = reason.trim();
    setFailure('');
    setBusy(true);
    try {
      const report = await importAlumni({ fileId: step.fileId, mode, reason: trimmed });
      void invalidate();
      onReport(trimmed, report);
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="dialog__form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <p className="dialog__note">파일: {step.file.name}</p>
      <AlumniImportPreviewTable preview={step.preview} />
      <ChoiceGroup id="alumni-import-mode" legend="가져오기 방식" required>
        {(Object.keys(modeLabels) as AlumniImportMode[]).map((m) => (
          <label key={m} className="form-check alumni-form__choice">
            <input type="radio" value={m} {...register('mode')} />
            <span>{modeLabels[m]}</span>
          </label>
        ))}
      </ChoiceGroup>
      <Controller
        control={control}
        name="reason"
        render={({ field, fieldState }) => (
          <ReasonField
            id="alumni-import-reason"
            label="가져오기 사유"
            hint="개인정보 보호를 위해 사유가 접근기록에 남습니다."
            value={field.value}
            onChange={field.onChange}
            inputRef={field.ref}
            error={fieldState.error?.message ?? ''}
          />
        )}
      />
      <DialogFailure message={failure} />
      <DialogActions onCancel={onBack} cancelLabel="다른 파일 선택" busy={busy} actionLabel="가져오기" busyLabel="가져오는 중…" />
    </form>
  );
}

/**
 * The report. After an all-or-nothing import that changed nothing, the same file can be
 * imported again with only its good rows: it is uploaded once more (an import uses its upload up).
 */
function ReportStep({ step, onClose, onReport, onAgain }: {
  step: Extract<Step, { kind: 'report' }>;
  onClose: () => void;
  onReport: (report: AlumniImportReport) => void;
  onAgain: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const invalidate = useInvalidateAlumni();

  async function importGoodRows() {
    if (busy) return;
    setBusy(true);
    setFailure('');
    try {
      const uploaded = await uploadAlumniWorkbook(step.file);
      onReport(await importAlumni({ fileId: uploaded.id, mode: 'skipInvalid', reason: step.reason }));
      void invalidate();
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="dialog__form">
      <AlumniImportReportView report={step.report} />
      <DialogFailure message={failure} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onAgain}>
          다른 파일 가져오기
        </button>
        {!step.report.applied && (
          <button type="button" className="button" onClick={() => void importGoodRows()} disabled={busy}>
            {busy ? '가져오는 중…' : '올바른 행만 반영'}
          </button>
        )}
        <button type="button" className="button button--primary" onClick={onClose}>
          닫기
        </button>
      </div>
    </div>
  );
}
