import { and, asc, eq, or, sql } from 'drizzle-orm';
import { formatMoney, formatShareCount, formatUnitPrice, type RecordRetention } from '@platform/domain';
import {
  insiderCessations,
  insiderEntries,
  insiderProjects,
  investments,
  investmentOpportunities,
  marketSoundingAcceptances,
  termConditions,
} from '../../db/schema';
import { richTextToPlain } from '../../platform/sanitize';
import { signUpAcceptancesOf } from '../../shared/sign-up-documents';
import { type Block, fieldHistory, none, type PackInput, type Section, table, text, utcTime } from './blocks';

export async function terms({ db, investor }: PackInput): Promise<Section> {
  const history = await fieldHistory(db, investor.id, 'acceptedTermsVersion');
  return {
    title: 'Terms accepted',
    blocks: [
      {
        kind: 'fields',
        pairs: [['Terms version accepted now', investor.acceptedTermsVersion ? `Version ${investor.acceptedTermsVersion}` : 'None']],
      },
      table(
        [
          ['When', 0.25],
          ['Version', 0.35],
          ['By', 0.4],
        ],
        history.map((h) => [utcTime(h.at), `${h.from ?? 0} -> ${h.to}`, h.by]),
        'No acceptance recorded in the activity log (the version above was set when the account was made).',
      ),
      text("The terms of each investment, accepted with it, are in 'Investments'.", { muted: true }),
    ],
  };
}

/** Sign-up documents accepted or read (decision 0036), each with the exact file, which the zip carries. */
export async function signUpDocuments({ db, investor, files }: PackInput): Promise<Section> {
  const rows = await signUpAcceptancesOf(db, investor.id);
  for (const { acceptance, storageKey } of rows)
    files.push({ path: `sign-up-documents/${acceptance.documentId}-v${acceptance.version}-${acceptance.kind}.pdf`, storageKey });
  return {
    title: 'Sign-up documents',
    blocks: [
      table(
        [
          ['When', 0.2],
          ['Document (version)', 0.3],
          ['Accepted or read', 0.12],
          ['From', 0.38],
        ],
        rows.map(({ acceptance: a }) => [
          utcTime(a.acceptedAt),
          `${a.titleShown} (v${a.version})`,
          a.kind,
          [a.ip, a.userAgent].filter(Boolean).join(' · ') || '—',
        ]),
        none('sign-up document acceptance'),
      ),
      text(`SHA-256 of each file read: ${rows.map(({ acceptance: a }) => `${a.titleShown} v${a.version} ${a.sha256}`).join('; ') || '—'}`, {
        muted: true,
      }),
    ],
  };
}

export async function insiderRegister({ db, investor }: PackInput): Promise<Section> {
  const soundings = await db
    .select()
    .from(marketSoundingAcceptances)
    .where(eq(marketSoundingAcceptances.userId, investor.id))
    .orderBy(asc(marketSoundingAcceptances.acceptedAt));
  const entries = await db
    .select({
      entry: insiderEntries,
      project: insiderProjects.name,
      company: insiderProjects.companyName,
      ceasedAt: insiderCessations.ceasedAt,
    })
    .from(insiderEntries)
    .innerJoin(insiderProjects, eq(insiderProjects.id, insiderEntries.projectId))
    .leftJoin(insiderCessations, eq(insiderCessations.entryId, sql`coalesce(${insiderEntries.originalId}, ${insiderEntries.id})`))
    .where(or(eq(insiderEntries.userId, investor.id), sql`lower(${insiderEntries.email}) = ${investor.email.toLowerCase()}`))
    .orderBy(asc(insiderEntries.obtainedAt), asc(insiderEntries.id));
  return {
    title: 'Market soundings and insider register',
    blocks: [
      text('Market soundings accepted', { bold: true }),
      table(
        [
          ['Accepted', 0.18],
          ['Opportunity', 0.2],
          ['Text shown and accepted', 0.47],
          ['From', 0.15],
        ],
        soundings.map((s) => [utcTime(s.acceptedAt), s.opportunityName, richTextToPlain(s.disclosedText), s.ip ?? '—']),
        none('market sounding'),
      ),
      text('Insider-register entries', { bold: true }),
      table(
        [
          ['Project', 0.2],
          ['Entry', 0.38],
          ['Obtained', 0.14],
          ['Ceased', 0.14],
          ['Recorded', 0.14],
        ],
        entries.map(({ entry, project, company, ceasedAt }) => [
          `${project} (${company})`,
          [
            `${entry.source.replace('_', ' ')}${entry.correctsId ? ` (corrects entry ${entry.correctsId})` : ''}`,
            entry.reason,
            entry.disclosedText ? `Told: ${richTextToPlain(entry.disclosedText)}` : '',
          ]
            .filter(Boolean)
            .join('\n'),
          utcTime(entry.obtainedAt),
          utcTime(ceasedAt),
          utcTime(entry.recordedAt),
        ]),
        'No insider-register entry about this person.',
      ),
    ],
  };
}

export async function investmentsSection({ db, investor }: PackInput): Promise<Section> {
  const rows = await db
    .select({ investment: investments, opportunity: investmentOpportunities.name, terms: termConditions.body })
    .from(investments)
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
    .leftJoin(
      termConditions,
      and(eq(termConditions.opportunityId, investments.opportunityId), eq(termConditions.version, investments.termsVersion)),
    )
    .where(eq(investments.userId, investor.id))
    .orderBy(asc(investments.createdAt), asc(investments.id));
  const blocks: Block[] = rows.length ? [] : [text(none('investment'), { muted: true })];
  for (const { investment: i, opportunity, terms: termsText } of rows) {
    blocks.push({
      kind: 'fields',
      pairs: [
        ['Opportunity', `${opportunity} (investment ${i.id}, ${i.type}, held ${i.holderType.replace('_', ' ')})`],
        [
          'Amount',
          `${formatMoney({ amount: i.amount, currency: i.currency })}${i.shares ? ` for ${formatShareCount(i.shares)} shares` : ''}${i.sharePrice ? ` at ${formatUnitPrice(i.sharePrice, i.currency)}` : ''}`,
        ],
        ['Status', i.status + (i.cancelReason ? ` (${i.cancelReason})` : '')],
        ['Reserved', utcTime(i.createdAt)],
        ['Terms accepted', i.termsAcceptedAt ? `Version ${i.termsVersion ?? '—'}, ${utcTime(i.termsAcceptedAt)}` : 'Not recorded'],
        ['Investment terms (as accepted)', termsText ? richTextToPlain(termsText) : '—'],
        ['Cash call / paid / completed', [i.cashCallAt, i.paidAt, i.completedAt].map(utcTime).join(' / ')],
        ...(i.cancelledAt ? ([['Cancelled', utcTime(i.cancelledAt)]] as Array<[string, string]>) : []),
      ],
    });
  }
  return { title: 'Investments', blocks };
}

const retentionText: Record<RecordRetention['status'], string> = {
  open: 'The account is open: the relationship has not ended.',
  holding: 'The account is closed but the investor still holds investments: the relationship has not ended.',
  retained: 'The relationship has ended; the records are within their retention period.',
  expired: 'The retention period is over: the records may be removed.',
};

export function retention({ retention: r }: PackInput): Section {
  return {
    title: 'Record retention',
    blocks: [
      {
        kind: 'fields',
        pairs: [
          ['Standing', retentionText[r.status]],
          ['Account closed', utcTime(r.account_closed_at)],
          ['Relationship ended', utcTime(r.relationship_ended_at)],
          ['Kept at least until', r.kept_until ? utcTime(r.kept_until) : 'Five years after the relationship ends'],
        ],
      },
    ],
  };
}
