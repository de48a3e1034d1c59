import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Role } from '@platform/domain';
import { createTestApp, signedIn, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, Role.SuperAdmin);
  // 45 investors in 9 instants (five share each created_at, so the id breaks ties), names in 15
  // pairs and triples, two KYC states, and a last login for only some (a sort key that can be null).
  await t.ctx.db.execute(sql`
    insert into users (name, email, role_id, accepted_terms_version, created_at, kyc_status, last_login_at)
    select 'Keyset ' || lpad((g % 15)::text, 2, '0'), 'keyset' || g || '@keyset.test', ${Role.User}, 1,
           timestamptz '2026-01-01 00:00:00.123456+00' + (g % 9) * interval '1 day',
           (array['verified', 'submitted'])[1 + g % 2],
           case when g % 3 = 0 then null else timestamptz '2026-02-01' + g * interval '1 hour' end
    from generate_series(1, 45) g`);
});
afterAll(() => t.close());

type ListPage = { data: Array<{ id: number }>; links: { next: string | null }; meta: { current_page: number; last_page: number } };
const LIST = '/api/users?filter[search]=@keyset.test&per_page=7';

async function get(client: typeof admin.client, url: string): Promise<ListPage> {
  const answer = await client.get(url);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** Every page by number (OFFSET), and every page by following `links.next` from the first. */
async function bothWays(sort: string) {
  const first = await get(admin.client, `${LIST}&sort=${sort}`);
  const byNumber = [first.data.map((u) => u.id)];
  for (let page = 2; page <= first.meta.last_page; page += 1)
    byNumber.push((await get(admin.client, `${LIST}&sort=${sort}&page=${page}`)).data.map((u) => u.id));
  const followed = [first.data.map((u) => u.id)];
  const afters: string[] = [];
  for (let page = first; page.links.next; ) {
    afters.push(new URL(page.links.next, 'http://x').searchParams.get('after') ?? '');
    page = await get(admin.client, page.links.next);
    followed.push(page.data.map((u) => u.id));
  }
  return { byNumber, followed, afters };
}

describe('keyset paging of the investors list', () => {
  it.each(['-created_at', 'created_at', 'name', '-name,email', 'kyc_status,-created_at', 'id', 'last_login_at', '-investor_category'])(
    'following links.next gives the same pages as asking for each page by number (sort %s)',
    async (sort) => {
      const { byNumber, followed, afters } = await bothWays(sort);
      expect(byNumber.flat()).toHaveLength(45);
      expect(new Set(byNumber.flat()).size).toBe(45);
      expect(followed).toEqual(byNumber);
      // links.next names the page's last row.
      expect(afters).toEqual(byNumber.slice(0, -1).map((ids) => String(ids.at(-1))));
    },
  );

  it('continues after the last row seen when a row is added before it, where a page number repeats one', async () => {
    const first = await get(admin.client, `${LIST}&sort=-created_at`);
    await t.ctx.db.execute(sql`
      insert into users (name, email, role_id, accepted_terms_version, created_at)
      values ('Keyset newest', 'newest@keyset.test', ${Role.User}, 1, timestamptz '2027-01-01')`);
    const followed = await get(admin.client, first.links.next!);
    const numbered = await get(admin.client, `${LIST}&sort=-created_at&page=2`);
    expect(followed.meta.current_page).toBe(2);
    // The newest row pushed every row down one place: page 2 by number starts with page 1's last row again.
    expect(numbered.data[0].id).toBe(first.data.at(-1)!.id);
    expect(followed.data.map((u) => u.id)).toEqual(
      numbered.data
        .slice(1)
        .map((u) => u.id)
        .concat(followed.data.at(-1)!.id),
    );
    expect(followed.data.map((u) => u.id)).not.toContain(first.data.at(-1)!.id);
    await t.ctx.db.execute(sql`update users set deleted_at = now() where email = 'newest@keyset.test'`);
  });

  it('reads by page number when `after` names a row outside the list, so its place tells nothing', async () => {
    const adviser = await signedIn(t, Role.Adviser);
    // A staff account is not in an adviser's list: its name's place in the order must not show.
    const numbered = await get(adviser.client, `${LIST}&sort=name&page=2`);
    const withStaffAnchor = await get(adviser.client, `${LIST}&sort=name&page=2&after=${admin.user.id}`);
    expect(withStaffAnchor.data).toEqual(numbered.data);
    const withUnknownAnchor = await get(adviser.client, `${LIST}&sort=name&page=2&after=2147483647`);
    expect(withUnknownAnchor.data).toEqual(numbered.data);
  });

  it('answers 400 for an `after` that is not an id, and on lists that do not page by it', async () => {
    for (const after of ['abc', '0', '-3', '2147483648']) {
      const answer = await admin.client.get(`${LIST}&page=2&after=${after}`);
      expect(answer.statusCode).toBe(400);
    }
    const exported = await admin.client.get('/api/users/export?after=1');
    expect(exported.statusCode).toBe(400);
    expect(exported.json().message).toContain("Unknown parameter 'after'");
  });
});
