/** The upload module's surface: what other modules, the start-up and scripts may use. */
export { deleteImportWorkbook, issueImportUploadUrl, readImportWorkbook } from './service';
export { openWorkbook } from './workbook';
