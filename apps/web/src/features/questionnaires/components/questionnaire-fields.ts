import {
  EMPLOYMENT_STATUSES,
  EXPERIENCE_LEVELS,
  INVESTOR_CATEGORIES,
  INVESTOR_CATEGORY_DETAILS,
  OBJECTIVES,
  QUESTIONNAIRE_OPTION_LABELS,
  TIME_HORIZONS,
  TITLES,
  type QuestionnaireForm,
} from '@platform/domain';

/** How each field of the descriptor-driven forms (registration, fact-find, a lead's category) is shown. */
export interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'date' | 'select' | 'multi' | 'money' | 'number' | 'yesno';
  options?: Array<{ value: string; label: string }>;
  placeholder?: string;
  description?: string;
  required?: boolean;
  bank?: boolean;
}

export interface SectionSpec {
  title: string;
  fields: FieldSpec[];
}

const options = (values: readonly string[]) => values.map((value) => ({ value, label: QUESTIONNAIRE_OPTION_LABELS[value] ?? value }));

export const FIELD_FORMS: Partial<Record<QuestionnaireForm, SectionSpec[]>> = {
  registration: [
    {
      title: 'Personal details',
      fields: [
        { name: 'title', label: 'Title', kind: 'select', options: TITLES.map((t) => ({ value: t, label: t })) },
        { name: 'first_name', label: 'First name', kind: 'text' },
        { name: 'last_name', label: 'Last name', kind: 'text' },
        { name: 'date_of_birth', label: 'Date of birth', kind: 'date' },
        { name: 'nationality', label: 'Nationality', kind: 'text', placeholder: 'British' },
        { name: 'phone', label: 'Phone', kind: 'text' },
      ],
    },
    {
      title: 'Address',
      fields: [
        { name: 'address_line1', label: 'Address line 1', kind: 'text' },
        { name: 'address_line2', label: 'Address line 2', kind: 'text' },
        { name: 'city', label: 'Town or city', kind: 'text' },
        { name: 'postcode', label: 'Postcode', kind: 'text', placeholder: 'SW1A 1AA' },
        { name: 'country', label: 'Country', kind: 'text', placeholder: 'United Kingdom' },
      ],
    },
    {
      title: 'Tax',
      fields: [
        { name: 'tax_residence', label: 'Country of tax residence', kind: 'text', placeholder: 'United Kingdom' },
        { name: 'ni_number', label: 'National Insurance number', kind: 'text', placeholder: 'AB123456C' },
        { name: 'utr', label: 'Self Assessment UTR', kind: 'text', description: '10 digits, for EIS/SEIS relief claims' },
        { name: 'us_person', label: 'US person for tax (FATCA)', kind: 'yesno' },
      ],
    },
    {
      title: 'Bank details',
      fields: [
        { name: 'bank_account_name', label: 'Account name', kind: 'text', bank: true },
        { name: 'bank_sort_code', label: 'Sort code', kind: 'text', placeholder: '12-34-56', bank: true },
        { name: 'bank_account_number', label: 'Account number', kind: 'text', placeholder: '8 digits', bank: true },
        { name: 'bank_iban', label: 'IBAN (accounts outside the UK)', kind: 'text', bank: true },
        { name: 'bank_bic', label: 'BIC / SWIFT', kind: 'text', bank: true },
      ],
    },
  ],
  fact_find: [
    {
      title: 'Employment',
      fields: [
        { name: 'employment_status', label: 'Employment status', kind: 'select', options: options(EMPLOYMENT_STATUSES) },
        { name: 'occupation', label: 'Occupation', kind: 'text' },
      ],
    },
    {
      title: 'Finances',
      fields: [
        { name: 'annual_income', label: 'Annual income (£)', kind: 'money', placeholder: '85000' },
        { name: 'net_assets', label: 'Net assets excluding main home and pension (£)', kind: 'money' },
        { name: 'liquid_assets', label: 'Cash and readily realisable assets (£)', kind: 'money' },
        {
          name: 'high_risk_percentage',
          label: 'Share of net assets for high-risk investments (%)',
          kind: 'number',
          description: 'The FCA suggests no more than 10%.',
        },
      ],
    },
    {
      title: 'Experience',
      fields: [
        { name: 'investment_experience', label: 'Investment experience', kind: 'select', options: options(EXPERIENCE_LEVELS) },
        { name: 'unlisted_investments', label: 'Unlisted companies invested in (last 2 years)', kind: 'number' },
        { name: 'eis_seis_experience', label: 'Has claimed EIS or SEIS relief before', kind: 'yesno' },
      ],
    },
    {
      title: 'Objectives',
      fields: [
        { name: 'objectives', label: 'Objectives', kind: 'multi', options: options(OBJECTIVES) },
        { name: 'time_horizon', label: 'Time horizon', kind: 'select', options: options(TIME_HORIZONS) },
        { name: 'notes', label: 'Notes', kind: 'textarea' },
      ],
    },
  ],
  category: [
    {
      title: 'Investor category',
      fields: [
        {
          name: 'category',
          label: 'Category',
          kind: 'select',
          required: true,
          options: INVESTOR_CATEGORIES.map((c) => ({ value: c, label: INVESTOR_CATEGORY_DETAILS[c].label })),
        },
        { name: 'declared_on', label: 'Statement signed on', kind: 'date', required: true },
        { name: 'evidence', label: 'Evidence', kind: 'textarea', description: 'Where the signed statement is kept, who checked it.' },
      ],
    },
  ],
};
