// What other features may use of portfolio; everything else in this folder is its own.
export { usePortfolio, usePortfolioLayout } from './api/portfolio';
export { gainColour, statFigures } from './components/stat-figures';
