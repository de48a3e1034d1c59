import { count, eq, inArray } from 'drizzle-orm';
import { Role } from '@platform/domain';
import type { Db } from './client';
import {
  insiderCessations,
  insiderEntries,
  insiderProjectCleansings,
  insiderProjects,
  insiderRegisterViews,
  investmentOpportunities,
  marketSoundingAcceptances,
  paDealRequests,
  paDealSteps,
  pipelineDeals,
  restrictedListEntries,
  users,
} from './schema';

/**
 * Demo insider register (docs/decisions/0025): an open project (the Northlight placing, wall-crossed
 * by market sounding, with a staff member, an outside lawyer and a corrected entry), a cleansed one
 * (a pipeline deal), a company on the restricted list, PA deals in every state and a few views of
 * the register. Skipped when any project exists.
 */
export async function seedInsiderRegister(db: Db, now: Date): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(insiderProjects);
  if (Number(n) > 0) return;
  const [placing] = await db
    .select()
    .from(investmentOpportunities)
    .where(eq(investmentOpportunities.name, 'Northlight Diagnostics Placing'));
  const [deal] = await db.select().from(pipelineDeals).where(eq(pipelineDeals.companyName, 'Pennine Water Labs Ltd'));
  if (!placing || !deal) return;
  const people = await db
    .select()
    .from(users)
    .where(
      inArray(users.email, [
        'superadmin@demo.test',
        'committee@demo.test',
        'support@demo.test',
        'manager@demo.test',
        'entrepreneur@demo.test',
        'fundmanager@demo.test',
      ]),
    );
  const by = (email: string) => people.find((u) => u.email === email)!;
  const [sam, colin, sophie, maya, erin, felix] = [
    'superadmin@demo.test',
    'committee@demo.test',
    'support@demo.test',
    'manager@demo.test',
    'entrepreneur@demo.test',
    'fundmanager@demo.test',
  ].map(by);
  const investors = await db.select().from(users).where(eq(users.roleId, Role.User)).orderBy(users.id).limit(8);
  const hours = (h: number) => new Date(now.getTime() - h * 3600_000);
  const split = (name: string) => {
    const [first, ...rest] = name.split(' ');
    return { firstName: first, surname: rest.join(' ') || first };
  };
  const disclosed =
    '<p>By continuing you agree to receive inside information and to be wall-crossed. You must not deal in the securities of the company until the information is made public.</p>';

  await db.transaction(async (tx) => {
    // The open project: the Northlight placing, sounded out with three investors.
    const [open] = await tx
      .insert(insiderProjects)
      .values({
        opportunityId: placing.id,
        name: placing.name,
        companyName: placing.companyName,
        description: 'A confidential placing ahead of a regulatory announcement.',
        openedBy: sam.id,
        openedAt: hours(120),
      })
      .returning();
    const sounded = investors.filter((u) => u.email !== 'investor@demo.test').slice(0, 3);
    for (const [i, investor] of sounded.entries()) {
      const at = hours(100 - i * 20);
      const [acceptance] = await tx
        .insert(marketSoundingAcceptances)
        .values({ opportunityId: placing.id, userId: investor.id, disclosedText: disclosed, opportunityName: placing.name, acceptedAt: at })
        .onConflictDoNothing()
        .returning();
      await tx.insert(insiderEntries).values({
        projectId: open.id,
        userId: investor.id,
        source: 'market_sounding',
        marketSoundingAcceptanceId: acceptance?.id ?? null,
        ...split(investor.name),
        email: investor.email,
        reason: `Accepted the market sounding of ${placing.name}`,
        disclosedText: disclosed,
        obtainedAt: at,
        recordedAt: at,
      });
    }
    const [samEntry] = await tx
      .insert(insiderEntries)
      .values({
        projectId: open.id,
        userId: sam.id,
        source: 'staff_access',
        ...split(sam.name),
        email: sam.email,
        function: 'Staff',
        reason: `Opened ${placing.name} in the back office`,
        disclosedText: open.description,
        obtainedAt: hours(119),
        recordedAt: hours(119),
      })
      .returning();
    await tx.insert(insiderEntries).values({
      projectId: open.id,
      source: 'correction',
      correctsId: samEntry.id,
      originalId: samEntry.id,
      userId: sam.id,
      ...split(sam.name),
      email: sam.email,
      professionalPhone: '020 7946 0001',
      companyName: 'Demo Capital Partners LLP',
      companyAddress: '10 Finsbury Square, London EC2A 1AF',
      function: 'Head of deal execution',
      reason: `Leads the ${placing.name}`,
      disclosedText: open.description,
      obtainedAt: hours(119),
      recordedBy: sophie.id,
      recordedAt: hours(90),
    });
    await tx.insert(insiderEntries).values({
      projectId: open.id,
      source: 'manual',
      firstName: 'Laura',
      surname: 'Whitfield',
      birthSurname: 'Hale',
      email: 'l.whitfield@whitfield-law.example',
      professionalPhone: '020 7946 0200',
      companyName: 'Whitfield & Co LLP',
      companyAddress: '2 Bream’s Buildings, London EC4A 1HP',
      function: 'Solicitor to the issuer',
      reason: 'Drafting the placing documents',
      dateOfBirth: '1979-06-14',
      nationalId: 'QQ 12 34 56 C',
      personalPhone: '07700 900456',
      homeAddress: '14 Elm Row, Edinburgh EH7 4AA, United Kingdom',
      obtainedAt: hours(118),
      recordedBy: sophie.id,
      recordedAt: hours(117),
    });

    // The cleansed project: a deal whose bid was announced.
    const [cleansed] = await tx
      .insert(insiderProjects)
      .values({
        dealId: deal.id,
        name: deal.companyName,
        companyName: deal.companyName,
        description: 'An approach to acquire Pennine Water Labs is being prepared.',
        openedBy: colin.id,
        openedAt: hours(24 * 40),
      })
      .returning();
    const cleansedEntries = await tx
      .insert(insiderEntries)
      .values(
        [colin, felix].map((person, i) => ({
          projectId: cleansed.id,
          userId: person.id,
          source: 'staff_access' as const,
          ...split(person.name),
          email: person.email,
          function: 'Staff',
          reason: `Opened ${deal.companyName} in the back office`,
          disclosedText: cleansed.description,
          obtainedAt: hours(24 * 40 - i * 30),
          recordedAt: hours(24 * 40 - i * 30),
        })),
      )
      .returning();
    const [cleansing] = await tx
      .insert(insiderProjectCleansings)
      .values({
        projectId: cleansed.id,
        reason: 'made_public',
        note: 'Offer announced to the market',
        cleansedBy: sophie.id,
        cleansedAt: hours(24 * 14),
      })
      .returning();
    await tx.insert(insiderCessations).values(
      cleansedEntries.map((entry) => ({
        entryId: entry.id,
        cleansingId: cleansing.id,
        reason: 'Project cleansed: information made public',
        ceasedAt: hours(24 * 14),
        recordedBy: sophie.id,
        recordedAt: hours(24 * 14),
      })),
    );

    await tx.insert(restrictedListEntries).values({
      companyName: 'Harbour Bank plc',
      reason: 'Corporate finance client: mandate under way',
      addedBy: sophie.id,
      addedAt: hours(24 * 7),
    });

    // PA deals in every state.
    const request = async (
      requester: typeof sam,
      companyName: string,
      direction: 'buy' | 'sell',
      quantity: string,
      price: string,
      reason: string,
      at: Date,
      steps: Array<Omit<typeof paDealSteps.$inferInsert, 'requestId'>>,
    ) => {
      const [row] = await tx
        .insert(paDealRequests)
        .values({ requesterId: requester.id, companyName, direction, quantity, expectedPrice: price, reason, requestedAt: at })
        .returning();
      await tx
        .insert(paDealSteps)
        .values([{ status: 'requested', actorId: requester.id, createdAt: at }, ...steps].map((s) => ({ ...s, requestId: row.id })));
    };
    await request(maya, 'Vodafone Group plc', 'buy', '2000', '0.720000', 'Adding to my ISA', hours(3), []);
    await request(colin, 'Unilever plc', 'sell', '150', '44.100000', 'Paying a tax bill', hours(30), [
      { status: 'approved', actorId: sophie.id, reason: 'No conflicts found', createdAt: hours(28) },
    ]);
    await request(erin, 'BP plc', 'buy', '500', '4.800000', 'Long-term holding', hours(50), [
      { status: 'refused', actorId: sophie.id, reason: 'We act for a counterparty this month', createdAt: hours(49) },
    ]);
    await request(sam, placing.companyName, 'buy', '10000', '0.120000', 'Personal investment', hours(60), [
      {
        status: 'refused',
        actorId: null,
        reason: `Refused: you are an insider of ${placing.name}, a project about ${placing.companyName}. You may not deal in it until the project is cleansed.`,
        createdAt: hours(60),
      },
    ]);
    await request(felix, 'Tesco plc', 'buy', '1000', '3.050000', 'Pension top-up', hours(24 * 5), [
      { status: 'approved', actorId: sam.id, reason: null, createdAt: hours(24 * 5 - 2) },
      {
        status: 'executed',
        actorId: felix.id,
        executedQuantity: '1000',
        executedPrice: '3.040000',
        executedOn: hours(24 * 4)
          .toISOString()
          .slice(0, 10),
        createdAt: hours(24 * 4),
      },
    ]);

    await tx.insert(insiderRegisterViews).values([
      { userId: sophie.id, view: 'list', filters: {}, viewedAt: hours(26) },
      { userId: sophie.id, view: 'pdf', filters: {}, projectId: open.id, viewedAt: hours(25) },
      { userId: sam.id, view: 'export_csv', filters: { format: 'csv', 'filter[status]': 'current' }, viewedAt: hours(5) },
    ]);
  });
}
