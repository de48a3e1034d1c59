import { ContactStatus, INVESTOR_INTEREST_OPTIONS } from './statuses';

/**
 * Contacts (leads): prospective investors without an account (DOMAIN.md "People records").
 * They fall under the `investors` permission event, as the spec's table groups them (decision 0017).
 */
export type ContactStatusId = (typeof ContactStatus)[keyof typeof ContactStatus];
export const CONTACT_STATUS_IDS = Object.values(ContactStatus) as ContactStatusId[];
export const CONTACT_STATUS_LABELS: Record<ContactStatusId, string> = { 1: 'Active', 2: 'Inactive', 3: 'Investment' };

export type InvestorInterest = (typeof INVESTOR_INTEREST_OPTIONS)[number];
export const INVESTOR_INTEREST_LABELS: Record<InvestorInterest, string> = {
  'finance in place': 'Finance in place',
  'no finance in place': 'No finance in place',
  'not interested': 'Not interested',
};

/** The lead statuses a new deployment starts with; staff rename, reorder and add to them. */
export const DEFAULT_LEAD_STATUSES = ['New', 'Contacted', 'Meeting booked', 'Qualified', 'Not a fit'] as const;

/** Reads a status written by a person or a spreadsheet: 1/2/3 or the label, any case. */
export function parseContactStatus(value: string): ContactStatusId | null {
  const text = value.trim().toLowerCase();
  if (!text) return null;
  const byId = CONTACT_STATUS_IDS.find((id) => String(id) === text);
  if (byId) return byId;
  return CONTACT_STATUS_IDS.find((id) => CONTACT_STATUS_LABELS[id].toLowerCase() === text) ?? null;
}

/** Reads an interest option loosely: 'Finance in place', 'finance_in_place', 'FINANCE IN PLACE'. */
export function parseInterest(value: string): InvestorInterest | null {
  const text = value.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');
  return INVESTOR_INTEREST_OPTIONS.find((option) => option === text) ?? null;
}
