import { can, type QuestionnaireForm } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { QuestionnairePanel } from './questionnaire-panel';

export const INVESTOR_QUESTIONNAIRES = [
  'registration',
  'fact_find',
  'risk_profile',
  'consent',
] as const satisfies readonly QuestionnaireForm[];
export type InvestorQuestionnaire = (typeof INVESTOR_QUESTIONNAIRES)[number];

/** Tab titles of the investor questionnaires, in the tenant's wording. */
export function useQuestionnaireTitles(): Record<InvestorQuestionnaire, string> {
  const { terms } = useBranding();
  return {
    registration: terms.investorRegistrationForm,
    fact_find: 'Fact Find',
    risk_profile: terms.investorRiskProfile,
    consent: 'Investor Consent',
  };
}

/** One investor questionnaire tab's body: the form for a staff member who may see the investor. */
export function InvestorQuestionnaireTab({ investorId, form }: { investorId: number; form: InvestorQuestionnaire }) {
  const user = useCurrentUser();
  const titles = useQuestionnaireTitles();
  return (
    <QuestionnairePanel
      key={form}
      subject={{ type: 'user', id: investorId }}
      form={form}
      title={titles[form]}
      canWrite={can(user?.role_id, 'investors', 'update')}
    />
  );
}
