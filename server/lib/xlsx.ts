import type { FastifyReply } from 'fastify';
import { contentDisposition } from './content-disposition';

/** One export holds at most this many rows; narrow the list with a search for more. */
export const EXPORT_MAX_ROWS = 10_000;

/**
 * exceljs, loaded on first use: it is a third of the server's start-up time and memory, held
 * for rare administrator actions (docs/performance.md).
 */
export const loadExcelJs = async () => (await import('exceljs')).default;

/** A cell that a spreadsheet would run as a formula (= + - @, and tab/CR tricks) gets a leading apostrophe. */
export function escapeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export interface SheetColumn<Row> {
  /** The Korean header of the column. */
  header: string;
  width: number;
  /** Text is escaped (see `escape`), numbers are written as numbers. */
  value: (row: Row) => string | number;
}

export interface WorkbookExport {
  fileName: string;
  data: Buffer;
  rowCount: number;
}

/**
 * A one-sheet .xlsx: a bold header row, then one row per item with formula-safe text cells.
 * `escape` defaults to `escapeCell`; an export meant to be imported again passes an escape whose
 * import strips exactly one apostrophe (the address book, docs/decisions/0013-address-book-import.md).
 */
export async function buildWorkbook<Row>(sheet: {
  name: string;
  columns: readonly SheetColumn<Row>[];
  rows: readonly Row[];
  escape?: (value: string) => string;
}): Promise<Buffer> {
  const { name, columns, rows, escape = escapeCell } = sheet;
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '인체이식형 의료기기 환자등록사업';
  // A sheet name holds at most 31 characters.
  const worksheet = workbook.addWorksheet(name.slice(0, 31));
  worksheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width }));
  worksheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    worksheet.addRow(
      columns.map((c) => {
        const value = c.value(row);
        return typeof value === 'string' ? escape(value) : value;
      }),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Sends an export's bytes: not an envelope, so the reply goes untyped, as file downloads do. */
export function sendWorkbook(reply: FastifyReply, out: WorkbookExport): FastifyReply {
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', contentDisposition('attachment', out.fileName))
    .header('cache-control', 'no-store')
    .header('x-row-count', String(out.rowCount))
    .send(out.data);
}
