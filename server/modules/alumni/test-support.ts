import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AlumniImportBody, UploadedFile } from '@contract';
import { data } from '../../test/harness';
import { multipartBody } from '../../test/factories';

/** A workbook of one sheet: the first array is the header row (tests of the address-book import). */
export async function workbookOf(rows: (string | number | null)[][], sheetName = '주소록'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The rows of a workbook's first sheet as text (header included). */
export async function rowsOf(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    const values = row.values as unknown[];
    out.push(values.slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return out;
}

/** Asks `/api/alumni/upload-url`, then posts the bytes there, as the console does. */
export async function uploadWorkbook(app: FastifyInstance, headers: Record<string, string>, bytes: Buffer, fileName = '주소록.xlsx') {
  const urlRes = await app.inject({
    method: 'POST',
    url: '/api/alumni/upload-url',
    headers,
    payload: { fileName, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', size: bytes.length },
  });
  if (urlRes.statusCode !== 200) return { urlRes, uploadRes: undefined, uploadUrl: undefined, fileId: undefined };
  const uploadUrl = data<{ uploadUrl: string }>(urlRes).uploadUrl;
  const form = multipartBody(fileName, bytes);
  const uploadRes = await app.inject({ method: 'POST', url: uploadUrl, payload: form.payload, headers: form.headers });
  const fileId = uploadRes.statusCode === 200 ? data<UploadedFile>(uploadRes).id : undefined;
  return { urlRes, uploadRes, uploadUrl, fileId };
}

/** Uploads a workbook and imports it; the import's raw response. */
export async function importWorkbook(
  app: FastifyInstance,
  headers: Record<string, string>,
  bytes: Buffer,
  opts: Omit<AlumniImportBody, 'fileId'> = { reason: '주소록 갱신' },
): Promise<LightMyRequestResponse> {
  const { fileId, uploadRes } = await uploadWorkbook(app, headers, bytes);
  expect(uploadRes?.statusCode, uploadRes?.body).toBe(200);
  return app.inject({ method: 'POST', url: '/api/alumni/import-data', headers, payload: { ...opts, fileId } });
}
