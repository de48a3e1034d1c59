// What other features may use of funds; everything else in this folder is its own.
export { useFundOptions } from './api/funds';
export { FundKpisPanel, fundPeriodColumns } from './components/fund-kpis-panel';
