/** The file module's surface: what other modules, the start-up and scripts may use. */
export { openFileStore } from './open';
export { LocalFileStore, checkStoredName, isSiteStoredName, readAll } from './store';
export type { FileStore } from './store';
export { fileUrl, thumbnailUrl } from './urls';
export { attachFiles, deleteFiles, filesOfItem, findFiles, listFilesOfItems, placeFilesOfNewItem, type StoredFileRow } from './repo';
export { claimPopupImage } from './repo';
export { countDownload, deleteImportWorkbookRow, deleteUnattachedBefore, findImportWorkbook, insertStoredFile, insertStoredFiles } from './repo';
