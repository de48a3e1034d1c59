import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@platform/domain';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createOpportunityRow, setFlags } from '../../test/opportunities';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());

async function upload(opportunityId: number, name: string, visibility: 'public' | 'private') {
  const form = new FormData();
  form.append('subject_type', 'opportunity');
  form.append('subject_id', String(opportunityId));
  form.append('visibility', visibility);
  form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), name);
  const response = await admin.client.post('/api/documents', form);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
}

describe('opportunity documents', () => {
  it('shows investors the public documents of what they may see, and nothing private', async () => {
    const row = await createOpportunityRow(t, { status: 2 });
    const memo = await upload(row.id, 'Information memorandum.pdf', 'public');
    const board = await upload(row.id, 'Board minutes.pdf', 'private');
    const investor = await signedIn(t, Role.User);

    const listed = (await investor.client.get(`/api/investment-opportunities/${row.id}/documents`)).json().data;
    expect(listed.map((d: { name: string }) => d.name)).toEqual(['Information memorandum.pdf']);
    const download = await investor.client.get(listed[0].download_url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await investor.client.get(`/api/my/documents/${board.id}/download`)).statusCode).toBe(404);
    expect(memo.id).toBe(listed[0].id);
  });

  it('hides the documents of a Draft, and of an opportunity awaiting market sounding', async () => {
    const investor = await signedIn(t, Role.User);
    const draft = await createOpportunityRow(t, { status: 1 });
    const doc = await upload(draft.id, 'Draft terms.pdf', 'public');
    expect((await investor.client.get(`/api/investment-opportunities/${draft.id}/documents`)).statusCode).toBe(404);
    expect((await investor.client.get(`/api/my/documents/${doc.id}/download`)).statusCode).toBe(404);

    await setFlags(t, { market_sounding_enabled: true });
    const sounding = await createOpportunityRow(t, { status: 2, marketSoundingRequired: true });
    const inside = await upload(sounding.id, 'Inside information.pdf', 'public');
    expect((await investor.client.get(`/api/investment-opportunities/${sounding.id}/documents`)).json().data).toEqual([]);
    expect((await investor.client.get(`/api/my/documents/${inside.id}/download`)).statusCode).toBe(404);
    await investor.client.post(`/api/market-sounding/${sounding.id}/accept`);
    expect((await investor.client.get(`/api/my/documents/${inside.id}/download`)).statusCode).toBe(200);
  });

  it('lets staff attach only with the permission for live opportunities', async () => {
    const row = await createOpportunityRow(t, { status: 2 });
    const adviser = await signedIn(t, Role.Adviser);
    const form = new FormData();
    form.append('subject_type', 'opportunity');
    form.append('subject_id', String(row.id));
    form.append('visibility', 'public');
    form.append('file', new Blob([new Uint8Array(PDF)]), 'x.pdf');
    expect((await adviser.client.post('/api/documents', form)).statusCode).toBe(403);
  });
});
