// What other features may use of update reports; everything else in this folder is its own.
export { HoldingUpdates } from './components/news-page';
export { useClientGroupOptions } from './api/update-reports';
export { subjectIds, useAudienceSubjects } from './components/audience-subjects';
