import type {
  AlumniExportBody, AlumniImportBody, AlumniImportPreview, AlumniImportReport, UploadedFile, UploadUrlResponse,
} from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, apiDownload, apiErrorOf, endpoint, networkError, type ErrorAnswer } from '@web/lib/api';

/** `POST /api/alumni/export-data`: the .xlsx of the records the keyword matches; the reason is recorded. */
export const exportAlumni = (body: AlumniExportBody) => apiDownload(endpoint(endpointRoutes.alumni.exportData), { body });

/**
 * A workbook to import goes by a single-use upload URL (`POST /api/alumni/upload-url`), then its
 * bytes are POSTed there as multipart field `file`; the server checks it opens as a workbook.
 */
export async function uploadAlumniWorkbook(file: File): Promise<UploadedFile> {
  const { uploadUrl } = await apiCall<UploadUrlResponse>(endpoint(endpointRoutes.alumni.uploadUrl), {
    body: { fileName: file.name, contentType: file.type || 'application/octet-stream', size: file.size },
  });
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(uploadUrl, { method: 'POST', headers: { accept: 'application/json' }, body: form });
  } catch {
    throw networkError();
  }
  const payload = (await response.json().catch(() => null)) as (ErrorAnswer & { data?: UploadedFile }) | null;
  if (!response.ok || payload?.code !== 'SUCCESS' || !payload.data) {
    throw apiErrorOf(response.status, payload);
  }
  return payload.data;
}

/** `POST /api/alumni/import-preview`: the first rows of the uploaded workbook and its row count. */
export const previewAlumniImport = (fileId: string) => apiCall<AlumniImportPreview>(endpoint(endpointRoutes.alumni.importPreview), { body: { fileId } });

/** `POST /api/alumni/import-data`: imports the workbook (which the server then deletes); the row-by-row report. */
export const importAlumni = (body: AlumniImportBody) => apiCall<AlumniImportReport>(endpoint(endpointRoutes.alumni.importData), { body });
