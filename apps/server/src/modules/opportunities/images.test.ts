import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@platform/domain';
import { demoPicture } from '../../db/demo-images';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';
import { createOpportunityRow } from '../../test/opportunities';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
const picture = demoPicture(3, 64, 36);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
});
afterAll(() => t.close());

function upload(bytes: Buffer, filename: string, caption?: string) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)]), filename);
  if (caption) form.append('caption', caption);
  return form;
}

describe('opportunity gallery', () => {
  it('stores a picture by its bytes, serves it to staff and to investors who may see the opportunity', async () => {
    const row = await createOpportunityRow(t, { status: 2 });
    const created = await admin.client.post(`/api/investment-opportunities/${row.id}/images`, upload(picture, 'team.png', 'The team'));
    expect(created.statusCode).toBe(201);
    const image = created.json().data;
    expect(image).toMatchObject({ caption: 'The team', position: 0, url: `/api/opportunity-images/${image.id}` });

    const investor = await signedIn(t, Role.User);
    const served = await investor.client.get(image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(picture)).toBe(true);
    expect((await investor.client.get(`/api/investment-opportunities/${row.id}/images`)).json().data).toHaveLength(1);
  });

  it('refuses what is not a PNG, JPEG or WebP whatever its name says, and hides drafts from investors', async () => {
    const row = await createOpportunityRow(t, { status: 1 });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await admin.client.post(`/api/investment-opportunities/${row.id}/images`, upload(svg, 'logo.png'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.image[0]).toBe('The image must be a PNG, JPEG or WebP picture.');
    const missing = await admin.client.post(`/api/investment-opportunities/${row.id}/images`, new FormData());
    expect(missing.statusCode).toBe(422);

    const image = (await admin.client.post(`/api/investment-opportunities/${row.id}/images`, upload(picture, 'x.png'))).json().data;
    const investor = await signedIn(t, Role.User);
    expect((await investor.client.get(image.url)).statusCode).toBe(404);
    expect((await investor.client.get(`/api/investment-opportunities/${row.id}/images`)).statusCode).toBe(404);
    const adviser = await signedIn(t, Role.Adviser);
    expect((await adviser.client.post(`/api/investment-opportunities/${row.id}/images`, upload(picture, 'x.png'))).statusCode).toBe(403);

    expect(
      (await admin.client.request({ method: 'DELETE', url: `/api/investment-opportunities/${row.id}/images/${image.id}` })).statusCode,
    ).toBe(204);
    expect((await admin.client.get(image.url)).statusCode).toBe(404);
  });

  it('reorders the gallery so staff choose the cover, refusing a list that does not name every picture once', async () => {
    const row = await createOpportunityRow(t, { status: 2 });
    const ids: number[] = [];
    for (const name of ['a.png', 'b.png', 'c.png'])
      ids.push((await admin.client.post(`/api/investment-opportunities/${row.id}/images`, upload(picture, name, name))).json().data.id);
    const order = (image_ids: unknown) =>
      admin.client.request({ method: 'PUT', url: `/api/investment-opportunities/${row.id}/images/order`, payload: { image_ids } });

    const moved = await order([ids[2], ids[0], ids[1]]);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.map((i: { id: number; position: number }) => [i.id, i.position])).toEqual([
      [ids[2], 0],
      [ids[0], 1],
      [ids[1], 2],
    ]);
    const investor = await signedIn(t, Role.User);
    expect((await investor.client.get(`/api/investment-opportunities/${row.id}/images`)).json().data[0].caption).toBe('c.png');

    for (const wrong of [[ids[0], ids[1]], [ids[0], ids[0], ids[1]], [ids[0], ids[1], 999_999], 'first']) {
      const refused = await order(wrong);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.image_ids).toHaveLength(1);
    }
    const custodian = await signedIn(t, Role.Custodian);
    const entrepreneur = await signedIn(t, Role.Entrepreneur);
    const adviser = await signedIn(t, Role.Adviser);
    // Custodian and Entrepreneur may update live opportunities (spec §6); the Adviser may not.
    expect(
      (
        await custodian.client.request({
          method: 'PUT',
          url: `/api/investment-opportunities/${row.id}/images/order`,
          payload: { image_ids: ids },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await entrepreneur.client.request({
          method: 'PUT',
          url: `/api/investment-opportunities/${row.id}/images/order`,
          payload: { image_ids: ids },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await adviser.client.request({
          method: 'PUT',
          url: `/api/investment-opportunities/${row.id}/images/order`,
          payload: { image_ids: ids },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await investor.client.request({
          method: 'PUT',
          url: `/api/investment-opportunities/${row.id}/images/order`,
          payload: { image_ids: ids },
        })
      ).statusCode,
    ).toBe(403);
  });
});
