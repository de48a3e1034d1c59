// What other features may use of records; everything else in this folder is its own.
export { ActivityPanel } from './components/activity-panel';
export { DocumentsPanel } from './components/documents-panel';
export { RecordsPanel } from './components/records-panel';
