// What other features may use of deal placements; everything else in this folder is its own.
export { PlacementPanel } from './components/placement-panel';
export { PlacedDealsSection } from './components/placed-deals-section';
export { useLivePlacement, usePipelineDemand } from './api/placements';
