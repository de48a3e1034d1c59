// What other features may use of questionnaires; everything else in this folder is its own.
export { InvestorQuestionnaireTab, useQuestionnaireTitles } from './components/investor-questionnaire-tab';
export type { InvestorQuestionnaire } from './components/investor-questionnaire-tab';
export { QuestionnairePanel } from './components/questionnaire-panel';
