import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { seriousFindings, withAxe } from './support/axe';
import { frames } from './support/frames';
import { login } from './support/session';
import { setFlags } from './support/settings';

/**
 * The page walk (decision 0037): every page of the app, as staff, as an investor and signed out, at
 * 1440×900 and 390×844. Each page is screenshotted into test-results/pages/<width>/<name>.png (outside
 * Playwright's outputDir, so a run does not wipe it) and checked with axe against WCAG 2.2 AA; a
 * serious or critical finding fails the walk, printed with its rule, target and page. The list of
 * pages follows the web router (apps/web/src/app/router.tsx); ids come from the demo data through
 * the API.
 */

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'pages');
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

type Finding = { page: string; width: number; rule: string; impact: string; targets: string[] };
type Visit = { name: string; url: string };

/** The first record of a list answer (`{ data: [...] }` or a bare array), or undefined. */
async function first(request: APIRequestContext, url: string): Promise<Record<string, unknown> | undefined> {
  const response = await request.get(url);
  if (!response.ok()) return undefined;
  const body = (await response.json()) as unknown;
  const rows = Array.isArray(body)
    ? body
    : ((body as Record<string, unknown>).data ?? (body as Record<string, unknown>).items ?? (body as Record<string, unknown>).rows);
  return Array.isArray(rows) ? (rows[0] as Record<string, unknown> | undefined) : undefined;
}

async function firstId(request: APIRequestContext, url: string, key = 'id'): Promise<string> {
  const row = await first(request, url);
  const value = row?.[key];
  expect(value, `no demo record at ${url}`).toBeDefined();
  return String(value);
}

/**
 * Opens a page as the app itself moves between pages: the first with a full load, the next ones
 * through the router (a history entry and its popstate), so the walk pays for the app's code and
 * session once per role rather than once per page.
 */
async function open(page: Page, url: string, first: boolean) {
  if (first) {
    await page.goto(url);
    return;
  }
  await page.evaluate((next) => {
    const index = ((window.history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
    const key = Math.random().toString(36).slice(2, 10);
    window.history.pushState({ __TSR_index: index, __TSR_key: key, key }, '', next);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, url);
}

/**
 * Waits for the page's own ready signal: the app marks the body aria-busy while the router resolves
 * a move or a page's first data is on its way (app/navigation-progress.tsx); two frames first, so a
 * move just begun has marked it. Then no loader or skeleton left (a page may keep a spinner in a
 * corner; it is not waited for past 10 s), and two frames so screenshot and axe see the settled layout.
 */
async function settle(page: Page) {
  await frames(page);
  await page.waitForFunction(() => document.body.getAttribute('aria-busy') === 'false');
  await page
    .locator('.mantine-Loader-root, .mantine-Skeleton-root[data-visible]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await frames(page);
}

/** PAGE_WALK=<regex> walks only the pages whose names match (to look again at a few while mending them). */
const ONLY = process.env.PAGE_WALK ? new RegExp(process.env.PAGE_WALK) : null;

async function walk(browser: Browser, storageState: string | undefined, all: Visit[], findings: Finding[]) {
  const visits = ONLY ? all.filter((visit) => ONLY.test(visit.name)) : all;
  const context = await withAxe(await browser.newContext({ storageState, viewport: WIDTHS[0] }));
  const page = await context.newPage();
  for (const [index, visit] of visits.entries()) {
    await page.setViewportSize(WIDTHS[0]);
    await open(page, visit.url, index === 0);
    await settle(page);
    // A page the walk names must be that page: the error page (its title "Error - 404") is a finding.
    const title = await page.title();
    if (/^Error - /.test(title) !== visit.name.endsWith('-404')) {
      const finding = {
        page: visit.name,
        width: WIDTHS[0].width,
        rule: 'error-page',
        impact: 'critical',
        targets: [`${visit.url}: ${title}`],
      };
      findings.push(finding);
      console.log(line(finding));
    }
    for (const size of WIDTHS) {
      if (size !== WIDTHS[0]) {
        await page.setViewportSize(size);
        await frames(page);
      }
      await page.screenshot({ path: path.join(SHOTS, String(size.width), `${visit.name}.png`), fullPage: true });
      for (const found of await seriousFindings(page)) {
        const finding = { page: visit.name, width: size.width, ...found };
        findings.push(finding);
        console.log(line(finding));
      }
    }
  }
  await context.close();
}

function line(f: Finding) {
  return `${f.page} @${f.width} ${f.impact} ${f.rule} ×${f.targets.length}: ${f.targets.slice(0, 3).join(' | ')}`;
}

async function signedInState(browser: Browser, email: string, file: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, email);
  await context.storageState({ path: file });
  const request = context.request;
  return { context, request };
}

function report(findings: Finding[], visits: Visit[]) {
  const counts = Object.fromEntries(
    visits.filter((visit) => !ONLY || ONLY.test(visit.name)).map((visit) => [visit.name, { 1440: 0, 390: 0 }]),
  );
  for (const finding of findings) counts[finding.page][finding.width as 1440 | 390] += finding.targets.length;
  fs.mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, 'axe.json');
  const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  fs.writeFileSync(file, JSON.stringify({ ...previous, ...counts }, null, 2));
  return findings.map(line);
}

test.describe('every page at desktop and phone width', () => {
  test.describe.configure({ timeout: 900_000 });
  // Pages behind flags the demo leaves off are walked with their flag on.
  test.beforeAll(() => setFlags({ tax_enabled: true }));
  test.afterAll(() => setFlags({ tax_enabled: false }));

  test('signed out: login, register, forgot password, terms, 404', async ({ browser }) => {
    const visits: Visit[] = [
      { name: 'public-login', url: '/login' },
      { name: 'public-register', url: '/register' },
      { name: 'public-forgot-password', url: '/forgot-password' },
      { name: 'public-terms', url: '/terms' },
      { name: 'public-404', url: '/no-such-page' },
    ];
    const findings: Finding[] = [];
    await walk(browser, undefined, visits, findings);
    expect(report(findings, visits)).toEqual([]);
  });

  test.describe('staff', () => {
    const ids: Record<string, string> = {};
    let state = '';
    test.beforeAll(async ({ browser }, info) => {
      state = info.outputPath('staff.json');
      const { context, request } = await signedInState(browser, 'superadmin@demo.test', state);
      const lists = {
        investor: '/api/users',
        contact: '/api/contacts',
        company: '/api/companies',
        deal: '/api/pipeline-deals',
        fund: '/api/funds',
        // A live one: other journeys may have taken the newest to a completed investment.
        opportunity: '/api/investment-opportunities?type=live',
        // An existing investment's pages are an opportunity's that reached the book, not an investment's.
        existing: '/api/investment-opportunities?type=existing',
        nominee: '/api/nominees',
        organisation: '/api/organisations',
        method: '/api/investment-methods',
        pipeline: '/api/pipelines',
        attribute: '/api/attributes',
        update: '/api/update-reports',
        table: '/api/portfolio-tables',
        trigger: '/api/triggers',
      };
      for (const [key, url] of Object.entries(lists)) ids[key] = await firstId(request, url);
      // A bank statement to review (the demo has none): one credit nothing matches.
      const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
      const statement = await request.post('/api/bank-statements', {
        headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
        multipart: {
          file: {
            name: 'walk.csv',
            mimeType: 'text/csv',
            buffer: Buffer.from('Date,Description,Amount,Counterparty\n02/03/2026,Page walk,12.34,Walk Payer\n'),
          },
        },
      });
      expect(statement.status(), await statement.text()).toBe(201);
      ids.statement = String((await statement.json()).data.id);
      await context.close();
    });
    const admin = (name: string, url: string): Visit => ({ name: `admin-${name}`, url: `/admin${url}` });
    const staffWalk =
      (visits: () => Visit[]) =>
      async ({ browser }: { browser: Browser }) => {
        const findings: Finding[] = [];
        const list = visits();
        await walk(browser, state, list, findings);
        expect(report(findings, list)).toEqual([]);
      };

    test(
      'people: investors, contacts, holders',
      staffWalk(() => {
        const { investor, contact, nominee, organisation, method } = ids;
        return [
          admin('overview', ''),
          admin('investors', '/investors'),
          admin('investor-new', '/investors/new-investor'),
          admin('investor-invitations', '/investors/invitations'),
          ...['details', 'edit', 'transactions', 'documents', 'notes-calls-tasks', 'category', 'registration-form', 'fact-find']
            .concat(['risk-profile', 'investor-consent', 'investment-documents'])
            .map((tab) => admin(`investor-${tab}`, `/investors/${investor}/${tab}`)),
          admin('contacts', '/investors/contacts'),
          admin('contact-new', '/investors/contacts/new-contact'),
          ...['details', 'edit', 'documents', 'notes-calls-tasks', 'category', 'registration-form', 'fact-find', 'risk-profile'].map(
            (tab) => admin(`contact-${tab}`, `/investors/contacts/${contact}/${tab}`),
          ),
          admin('investor-import', '/investors/import'),
          admin('screening', '/investors/screening'),
          admin('nominees', '/investors/nominees'),
          admin('nominee', `/investors/nominees/${nominee}`),
          admin('nominee-transactions', `/investors/nominees/${nominee}/transactions`),
          admin('organisations', '/investors/organisations'),
          admin('organisation', `/investors/organisations/${organisation}/details`),
          admin('organisation-applications', '/investors/organisation-applications'),
          admin('investment-methods', '/investors/investment-methods'),
          admin('investment-method', `/investors/investment-methods/${method}/details`),
        ];
      }),
    );

    test(
      'investments: deals, opportunities, existing investments, companies, funds',
      staffWalk(() => {
        const { deal, opportunity, existing, company, fund } = ids;
        return [
          admin('deals', '/investments/deals'),
          admin('deal-new', '/investments/deals/new-deal'),
          ...['edit', 'performance', 'key-information', 'placement', 'notes-calls-tasks'].map((tab) =>
            admin(`deal-${tab}`, `/investments/deals/${deal}/${tab}`),
          ),
          admin('opportunities', '/investments/opportunities'),
          admin('opportunity-new', '/investments/opportunities/new-opportunity'),
          ...['details', 'edit', 'key-information', 'transactions', 'invitations', 'discussions', 'documents', 'notes-calls-tasks']
            .concat(['terms', 'perks', 'details/preview'])
            .map((tab) => admin(`opportunity-${tab.replace('/', '-')}`, `/investments/opportunities/${opportunity}/${tab}`)),
          admin('existing', '/investments/existing'),
          ...['details', 'key-information', 'performance', 'discussions', 'documents', 'cap-table', 'cap-table-performance']
            .concat(['pre-emption', 'tax-relief', 'kpis', 'transactions', 'terms', 'perks'])
            .map((tab) => admin(`existing-${tab}`, `/investments/existing/${existing}/${tab}`)),
          admin('cash-calls', '/cash-calls'),
          admin('cash-call-statements', '/cash-calls/statements'),
          admin('cash-call-reminders', '/cash-calls/reminders'),
          admin('cash-call-statement', `/cash-calls/statements/${ids.statement}`),
          admin('payments', '/payments'),
          admin('companies', '/investments/companies'),
          admin('company-new', '/investments/companies/new-company'),
          ...['details', 'edit', 'key-information', 'transactions', 'maturity-statuses'].map((tab) =>
            admin(`company-${tab}`, `/investments/companies/${company}/${tab}`),
          ),
          admin('funds', '/funds'),
          admin('fund-new', '/funds/new-fund'),
          ...['details', 'transactions', 'portfolio', 'portfolio-analysis'].map((tab) => admin(`fund-${tab}`, `/funds/${fund}/${tab}`)),
        ];
      }),
    );

    test(
      'reports, insider register and settings',
      staffWalk(() => {
        const { update, pipeline, attribute, table } = ids;
        return [
          admin('insider-register', '/insider-register'),
          admin('pa-deals', '/insider-register/pa-deals'),
          admin('reports', '/reports'),
          ...['kpi-portfolio', 'investments', 'statements', 'fund-kpis', 'quarter-kpis', 'kpis', 'kpis/requests', 'wip']
            .concat(['updates', 'new-update', 'client-groups', 'library'])
            .map((report) => admin(`reports-${report.replace('/', '-')}`, `/reports/${report}`)),
          admin('update-report', `/reports/updates/${update}/details`),
          ...['account', 'account/admin-accounts', 'account/features', 'account/pipelines', 'terminology', 'attributes']
            .concat(['security', 'kpi-category', 'kpis', 'industries', 'investment-types', 'investor', 'investor/lead-status'])
            .concat(['investor/appropriateness-test', 'investor/terms', 'investor/risk-warning', 'investor/market-sounding'])
            .concat(['investor/intent-terms'])
            .concat(['investor/portfolio', 'investor/portfolio-stats', 'membership-plans'])
            .concat(['integrations/accounting', 'integrations/accounting/sync-log', 'integrations/api-tokens', 'integrations/triggers'])
            .map((settings) => admin(`settings-${settings.replaceAll('/', '-')}`, `/settings/${settings}`)),
          admin('settings-pipeline-stages', `/settings/account/pipelines/${pipeline}/stages`),
          admin('settings-attribute', `/settings/attributes/configure/${attribute}`),
          admin('settings-portfolio-table', `/settings/investor/portfolio/${table}`),
          admin('settings-trigger-deliveries', `/settings/integrations/triggers/${ids.trigger}/deliveries`),
          admin('404', '/no-such-page'),
        ];
      }),
    );
  });

  test('investor: every investor page', async ({ browser }, info) => {
    const state = info.outputPath('investor.json');
    const { context, request } = await signedInState(browser, 'investor@demo.test', state);
    const opportunity = await firstId(request, '/api/investment-opportunities', 'slug');
    const holding = await firstId(request, '/api/my/portfolio', 'opportunity_id');
    const fund = await firstId(request, '/api/my/funds');
    const news = await first(request, '/api/my/update-reports');
    const placement = await firstId(request, '/api/my/deal-placements');
    const pdf = await first(request, '/api/my/documents?type=statement');
    await context.close();

    const investor = (name: string, url: string): Visit => ({ name: `investor-${name}`, url: `/investor${url}` });
    const visits: Visit[] = [
      investor('overview', ''),
      investor('investments', '/investments'),
      investor('placement', `/investments/placements/${placement}`),
      investor('opportunity', `/investments/${opportunity}`),
      investor('opportunity-investor-type', `/investments/${opportunity}/investor-type`),
      investor('opportunity-invest', `/investments/${opportunity}/invest`),
      investor('portfolio', '/portfolio'),
      investor('holding', `/portfolio/${holding}`),
      investor('holding-kpis', `/portfolio/${holding}/reports/kpis`),
      investor('fund', `/portfolio/fund/${fund}`),
      investor('news', '/news'),
      investor('news-library', '/news/library'),
      ...(news ? [investor('news-report', `/news/reports/${news.id}`)] : []),
      ...['', '/view', '/details', '/type', '/investor-type', '/appropriateness', '/identity', '/security', '/documents', '/ownership']
        .concat(['/subscription', '/organisation-apply', '/contact'])
        .map((tab) => investor(`profile${tab.replace('/', '-')}`, `/profile${tab}`)),
      ...(pdf ? [investor('pdf', `/pdf/${pdf.id}`)] : []),
      investor('404', '/no-such-page'),
    ];
    const findings: Finding[] = [];
    await walk(browser, state, visits, findings);
    expect(report(findings, visits)).toEqual([]);
  });
});
