import { PASSED_LABELS } from './statuses';
/**
 * Where an investor stands with the appropriateness test, as the investors list filters it:
 * passed; failed (tried, not passed); not taken (no try since the last reset).
 */
export const APPROPRIATENESS_STATES = ['passed', 'failed', 'not_taken'] as const;
export type AppropriatenessStateName = (typeof APPROPRIATENESS_STATES)[number];
/** Passed and failed in the spec's words (PASSED_LABELS); an investor who never tried is told apart. */
export const APPROPRIATENESS_STATE_LABELS: Record<AppropriatenessStateName, string> = {
  passed: PASSED_LABELS[1],
  failed: PASSED_LABELS[0],
  not_taken: 'Not taken',
};

export function appropriatenessStateOf(user: {
  compliance_passed: boolean | null;
  compliance_tries: number | null;
}): AppropriatenessStateName {
  if (user.compliance_passed) return 'passed';
  return (user.compliance_tries ?? 0) > 0 ? 'failed' : 'not_taken';
}

/** The folder of an investor's record that holds their onboarding documents (spec: "Onboarding Documents"). */
export const ONBOARDING_FOLDER = 'Onboarding documents';
