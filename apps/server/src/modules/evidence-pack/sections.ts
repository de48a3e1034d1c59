import type { PackInput, Section } from './blocks';
import { appropriateness, categorisations, riskWarningAndCoolingOff } from './compliance-sections';
import { identity, screening } from './identity-sections';
import { insiderRegister, investmentsSection, retention, signUpDocuments, terms } from './record-sections';

/**
 * What an evidence pack says, section by section (decision 0033). Each section is one function
 * from the investor to its content, so an area adds its own (identity screening, for one) by
 * adding a function to `SECTIONS`. Every time is UTC.
 */

/** The pack's sections, in order. */
export const SECTIONS: ReadonlyArray<(input: PackInput) => Promise<Section> | Section> = [
  identity,
  screening,
  categorisations,
  appropriateness,
  riskWarningAndCoolingOff,
  terms,
  signUpDocuments,
  insiderRegister,
  investmentsSection,
  retention,
];
