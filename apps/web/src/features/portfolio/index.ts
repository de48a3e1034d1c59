// What other features may use of portfolio; everything else in this folder is its own.
export { usePortfolio } from './api/portfolio';
export { gainColour } from './components/portfolio-page';
