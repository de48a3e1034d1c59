// What other modules may use of records; everything else in this folder is its own.
export { presentDocumentForInvestor, publicDocumentsOf, registerPortalDocuments, storeDocument } from './documents';
export { purgeRecordsOf } from './purge';
export { detectDocumentType, sendDocument } from './document-files';
export { raiseTask } from './tasks';
