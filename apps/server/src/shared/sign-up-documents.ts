import { and, desc, eq, inArray } from 'drizzle-orm';
import { type InvestorCategory, isInvestorRole, type OnboardingDocumentState } from '@platform/domain';
import type { Db } from '../db/client';
import { signUpDocumentAcceptances, signUpDocuments, signUpDocumentVersions } from '../db/schema';

export type SignUpDocumentRow = typeof signUpDocuments.$inferSelect;
export type SignUpAcceptanceRow = typeof signUpDocumentAcceptances.$inferSelect;

/** One sign-up document as one investor meets it (decision 0036). */
export interface OnboardingEntry {
  document: SignUpDocumentRow;
  state: OnboardingDocumentState;
  /** The investor's latest acceptance or reading of any version, or null. */
  latest: SignUpAcceptanceRow | null;
  /** Every version the investor accepted or read. */
  versionsSeen: Set<number>;
}

interface Investor {
  id: number;
  roleId: number;
  investorCategory: string | null;
}

/** Whether a document is asked of an investor now: live, and for every investor or for their category. */
export function documentApplies(document: SignUpDocumentRow, category: string | null): boolean {
  if (document.archivedAt) return false;
  return document.audience.length === 0 || (category != null && document.audience.includes(category as InvestorCategory));
}

/**
 * The one rule of where an investor stands with each sign-up document: asked of them now and not
 * accepted at its current version is `outstanding` (or `unread` when it asks only to be read); a
 * document withdrawn, or no longer for their category, stays listed (`archived`) only if they
 * accepted or read a version of it. A reading does not stand for an acceptance staff asked for later.
 */
export async function onboardingDocumentsOf(db: Db, people: readonly Investor[]): Promise<Map<number, OnboardingEntry[]>> {
  const investors = people.filter((person) => isInvestorRole(person.roleId));
  const result = new Map<number, OnboardingEntry[]>();
  if (!investors.length) return result;
  const documents = await db.select().from(signUpDocuments).orderBy(signUpDocuments.position, signUpDocuments.id);
  if (!documents.length) return result;
  const acceptances = await db
    .select()
    .from(signUpDocumentAcceptances)
    .where(
      inArray(
        signUpDocumentAcceptances.userId,
        investors.map((i) => i.id),
      ),
    )
    .orderBy(desc(signUpDocumentAcceptances.acceptedAt), desc(signUpDocumentAcceptances.id));
  for (const investor of investors) {
    const entries: OnboardingEntry[] = [];
    for (const document of documents) {
      const own = acceptances.filter((a) => a.userId === investor.id && a.documentId === document.id);
      const latest = own[0] ?? null;
      const current = own.filter((a) => a.version === document.version);
      const versionsSeen = new Set(own.map((a) => a.version));
      let state: OnboardingDocumentState;
      if (!documentApplies(document, investor.investorCategory)) {
        if (!latest) continue;
        state = 'archived';
      } else if (current.some((a) => a.kind === 'accepted')) state = 'accepted';
      else if (document.requiresAcceptance) state = 'outstanding';
      else state = current.length ? 'read' : 'unread';
      entries.push({ document, state, latest, versionsSeen });
    }
    result.set(investor.id, entries);
  }
  return result;
}

/** The sign-up-documents gate: a document asked of the investor awaits their acceptance. */
export async function hasOutstandingSignUpDocuments(db: Db, investor: Investor): Promise<boolean> {
  const [mine] = (await onboardingDocumentsOf(db, [investor])).values();
  return (mine ?? []).some((entry) => entry.state === 'outstanding');
}

/** Every acceptance and reading an investor gave, oldest first, with the file of the version (for the evidence pack). */
export async function signUpAcceptancesOf(db: Db, userId: number) {
  return db
    .select({ acceptance: signUpDocumentAcceptances, storageKey: signUpDocumentVersions.storageKey })
    .from(signUpDocumentAcceptances)
    .innerJoin(
      signUpDocumentVersions,
      and(
        eq(signUpDocumentVersions.documentId, signUpDocumentAcceptances.documentId),
        eq(signUpDocumentVersions.version, signUpDocumentAcceptances.version),
      ),
    )
    .where(eq(signUpDocumentAcceptances.userId, userId))
    .orderBy(signUpDocumentAcceptances.acceptedAt, signUpDocumentAcceptances.id);
}
