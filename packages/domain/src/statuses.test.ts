import { describe, expect, it } from 'vitest';
import { isOpenKpiRequest, KPI_REQUEST_STATUSES } from './kpi-requests';
import { APPROPRIATENESS_STATE_LABELS, appropriatenessStateOf } from './investors';
import { openLabel, passedLabel } from './statuses';

describe("spec §4's pass and open flags", () => {
  it('names a pass state Passed or Incomplete/Failed, the appropriateness states included', () => {
    expect([passedLabel(true), passedLabel(false), passedLabel(null)]).toEqual(['Passed', 'Incomplete/Failed', 'Incomplete/Failed']);
    const label = (compliance_passed: boolean, compliance_tries: number) =>
      APPROPRIATENESS_STATE_LABELS[appropriatenessStateOf({ compliance_passed, compliance_tries })];
    expect([label(true, 1), label(false, 2), label(false, 0)]).toEqual(['Passed', 'Incomplete/Failed', 'Not taken']);
  });

  it('names an open state Active or Closed; a KPI request is Active while it waits on the company or a review', () => {
    expect([openLabel(true), openLabel(false)]).toEqual(['Active', 'Closed']);
    expect(KPI_REQUEST_STATUSES.filter(isOpenKpiRequest)).toEqual(['sent', 'submitted']);
  });
});
