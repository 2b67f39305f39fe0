import type { Cell, Workbook } from 'exceljs';
import {
  ALUMNI_MAX_ROWS, alumniExportExtraHeaders, alumniFieldLabels, alumniFieldNames, alumniHeaderAliases, alumniMessages,
  type AlumniField,
} from '@contract';
import { badRequest } from '../../errors';
import { toKstIso } from '../../lib/time';
import { buildWorkbook, escapeCell } from '../../lib/xlsx';
import type { AlumniRow } from './repo';

/**
 * The address book as a workbook, both ways. Cells are made formula-safe on export as every
 * export's are (`escapeCell`); a value that already starts with an apostrophe gets another, so
 * reading strips exactly one and a file made by the export reads back to the same values (the
 * zero-change round trip of issue 9, docs/decisions/0013-address-book-import.md).
 */
export function escapeAlumniCell(value: string): string {
  return value.startsWith("'") ? `'${value}` : escapeCell(value);
}

export function unescapeAlumniCell(value: string): string {
  return value.startsWith("'") ? value.slice(1) : value;
}

const widths: Record<AlumniField, number> = { name: 12, organization: 24, department: 18, position: 12, email: 28, phone: 16, memo: 40 };

/** `POST /api/alumni/export-data`: Korean headers, every value as text, formula-safe. */
export function buildAlumniWorkbook(rows: AlumniRow[]): Promise<Buffer> {
  return buildWorkbook<AlumniRow>({
    name: '주소록',
    columns: [
      ...alumniFieldNames.map((field) => ({ header: alumniFieldLabels[field], width: widths[field], value: (r: AlumniRow) => r[field] ?? '' })),
      { header: alumniExportExtraHeaders[0], width: 26, value: (r) => toKstIso(r.createdAt) },
      { header: alumniExportExtraHeaders[1], width: 26, value: (r) => toKstIso(r.modifiedAt) },
    ],
    rows,
    escape: escapeAlumniCell,
  });
}

/** One data row of an import: its Excel row number and the text of each field's cell. */
export interface SheetRow {
  row: number;
  values: Partial<Record<AlumniField, string>>;
}

export interface SheetContent {
  /** The fields the header row names, in the sheet's order. */
  fields: AlumniField[];
  ignoredHeaders: string[];
  rows: SheetRow[];
}

const normalise = (header: string) => header.toLowerCase().replace(/\s+/g, '');

const fieldByHeader = new Map<string, AlumniField>(
  alumniFieldNames.flatMap((field) => [alumniFieldLabels[field], ...alumniHeaderAliases[field]].map((h) => [normalise(h), field] as const)),
);

/** What a cell shows: text, a number as written, a link's text, a formula's result, a date as YYYY-MM-DD. */
function cellText(cell: Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object' && 'result' in value) {
    const result = value.result;
    if (result instanceof Date) return result.toISOString().slice(0, 10);
    return result === undefined || result === null || typeof result === 'object' ? '' : String(result);
  }
  return cell.text ?? '';
}

/**
 * The first sheet's rows under its header row (row 1), by Korean header names in any order;
 * unknown columns are ignored, empty rows skipped. No header row naming 이름, or more than
 * ALUMNI_MAX_ROWS rows, is a 400 in Korean.
 */
export function readAlumniSheet(workbook: Workbook): SheetContent {
  const sheet = workbook.worksheets[0]!;
  const columns = new Map<number, AlumniField>();
  const ignoredHeaders: string[] = [];
  const headerRow = sheet.findRow(1);
  headerRow?.eachCell((cell, col) => {
    const header = cellText(cell).trim();
    if (!header) return;
    const field = fieldByHeader.get(normalise(header));
    if (!field) {
      ignoredHeaders.push(header);
      return;
    }
    if ([...columns.values()].includes(field)) throw badRequest(alumniMessages.duplicateHeader(header));
    columns.set(col, field);
  });
  if (![...columns.values()].includes('name')) throw badRequest(alumniMessages.noHeader);
  const rows: SheetRow[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Partial<Record<AlumniField, string>> = {};
    let empty = true;
    for (const [col, field] of columns) {
      const text = unescapeAlumniCell(cellText(row.getCell(col)));
      values[field] = text;
      if (text.trim() !== '') empty = false;
    }
    if (empty) return;
    if (rows.length === ALUMNI_MAX_ROWS) throw badRequest(alumniMessages.tooManyRows(ALUMNI_MAX_ROWS.toLocaleString('ko-KR')));
    rows.push({ row: rowNumber, values });
  });
  if (rows.length === 0) throw badRequest(alumniMessages.noRows);
  return { fields: [...columns.entries()].sort(([a], [b]) => a - b).map(([, f]) => f), ignoredHeaders, rows };
}
