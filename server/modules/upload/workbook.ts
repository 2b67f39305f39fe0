import type { Workbook } from 'exceljs';
import { alumniMessages } from '@contract';
import { badRequest } from '../../errors';
import { loadExcelJs } from '../../lib/xlsx';
import { sniff } from './sniff';

/**
 * An .xlsx checked from its bytes (issue 9): a ZIP by its magic number, and one that exceljs
 * really opens as a workbook with at least one sheet. A plain ZIP renamed .xlsx opens with no
 * sheets, a PNG or anything else does not open at all: both are refused in Korean.
 */
export async function openWorkbook(data: Buffer): Promise<Workbook> {
  if (sniff(data) !== 'zip') throw badRequest(alumniMessages.notWorkbook);
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest(alumniMessages.notWorkbook);
  }
  if (workbook.worksheets.length === 0) throw badRequest(alumniMessages.notWorkbook);
  return workbook;
}
