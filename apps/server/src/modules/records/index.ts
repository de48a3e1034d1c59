// What other modules may use of records; everything else in this folder is its own.
export { presentDocumentForInvestor, publicDocumentsOf, registerPortalDocuments, storeDocument } from './documents';
export { purgeRecordsOf } from './purge';
export { detectDocumentType, sendDocument } from './document-files';
// The document library (decision 0064) keeps its folders as the records module's folders.
export { folderKind } from './folders';
export { logRecordChange } from './crud';
export { raiseTask } from './tasks';
