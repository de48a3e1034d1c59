// What other features may use of KPIs; everything else in this folder is its own.
export { KpiPanel } from './components/kpi-panel';
