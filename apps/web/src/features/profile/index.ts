// What other features may use of profile; everything else in this folder is its own.
export { CategoryPrompt, useCategoryPromptDue } from './components/category-prompt';
export { FileList } from './components/file-list';
