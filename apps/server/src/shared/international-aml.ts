import { and, eq, isNull } from 'drizzle-orm';
import {
  INTERNATIONAL_IDENTITY_KINDS,
  INTERNATIONAL_REQUIRED_DOCUMENTS,
  type IdentityDocumentKind,
  isNonUkCountry,
} from '@platform/domain';
import type { Db } from '../db/client';
import { documents, identityDocumentDetails } from '../db/schema';
import { validationError } from '../platform/errors';
import { flagOn, loadSettings } from './settings';

export type RequiredIdentityDocument = (typeof INTERNATIONAL_REQUIRED_DOCUMENTS)[number];

/**
 * The non-UK identity checks of `enableInternationalAml` (ca_use_intl_check): an investor whose
 * address is outside the UK proves their address and sends a passport or national identity card
 * with its issuing country (MLR 2017 reg. 28, JMLSG 5.3: the UK's electronic checks do not reach
 * them). Whether they apply, and which of those documents are still missing.
 */
export async function internationalChecks(
  db: Db,
  investor: { id: number; country: string | null },
): Promise<{ international: boolean; missing: RequiredIdentityDocument[] }> {
  if (!isNonUkCountry(investor.country) || !flagOn(await loadSettings(db), 'ca_use_intl_check'))
    return { international: false, missing: [] };
  const rows = await db
    .select({ kind: identityDocumentDetails.kind, issuingCountry: identityDocumentDetails.issuingCountry })
    .from(identityDocumentDetails)
    .innerJoin(documents, eq(documents.id, identityDocumentDetails.documentId))
    .where(and(eq(documents.subjectType, 'investor'), eq(documents.subjectId, investor.id), isNull(documents.deletedAt)));
  // A passport or national identity card counts with its issuing country; a driving licence does not count for them.
  const present = new Set(
    rows.map((r) =>
      INTERNATIONAL_IDENTITY_KINDS.includes(r.kind as IdentityDocumentKind) ? (r.issuingCountry ? 'identity_document' : null) : r.kind,
    ),
  );
  return { international: true, missing: INTERNATIONAL_REQUIRED_DOCUMENTS.filter((kind) => !present.has(kind)) };
}

/** Staff cannot verify the identity of an investor whose international documents are missing: 422 on `kyc_status`. */
export async function assertMayVerifyIdentity(db: Db, investor: { id: number; country: string | null }): Promise<void> {
  const { missing } = await internationalChecks(db, investor);
  if (!missing.length) return;
  const names = {
    proof_of_address: 'a proof of address',
    identity_document: 'a passport or national identity card with its issuing country',
  };
  throw validationError({
    kyc_status: [
      `The investor's address is outside the UK: their identity can be verified once they have sent ${missing.map((m) => names[m]).join(' and ')}.`,
    ],
  });
}
