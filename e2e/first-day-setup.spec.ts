// A newcomer's first day (#45): a server run without plan limits lets a FREE organization create a second project
// and stops talking about quotas; the Sentry SDK DSN comes first and the native one says what it is for; the setup
// page's snippets fit their blocks and the curl one works as pasted; the home page's cards show real counts.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { signInWithProject } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';
import { startSentryPageServer } from './support/sentry-page';
import { sourceHash } from '../lib/runtime/source-hash';
import {
  accountOn,
  disposeServer,
  freePort,
  freshDataDir,
  spawnServer,
  type SpawnedServer,
} from './support/spawn-server';

const screen = (name: string) => path.join('test-results', 'screens', `${name}.png`);
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const NATIVE_LABEL = 'Native protocol DSN (our own JSON API, not for Sentry SDKs)';

test.describe.configure({ mode: 'serial' });

/** Every code block of the page fits its box (nothing hidden past the edge) and the page does not scroll sideways. */
async function expectEverythingFits(page: Page) {
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  const hidden = await page
    .locator('pre')
    .evaluateAll((pres) =>
      pres.filter((p) => p.scrollWidth > p.clientWidth).map((p) => p.getAttribute('aria-label') ?? p.textContent),
    );
  expect(hidden).toEqual([]);
}

test.describe('PLAN_LIMITS=off', () => {
  let server: SpawnedServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(5 * 60_000);
    const saved = process.env.PLAN_LIMITS;
    // It runs the build the main server runs. A source edited since that build (other work in this checkout) would
    // make it rebuild that very folder under the running main server: its stamp says "fresh" until it is up.
    const stamp = path.resolve(process.env.E2E_DIST_DIR ?? '.next-e2e', 'tracker-source-hash');
    const built = fs.readFileSync(stamp, 'utf8');
    fs.writeFileSync(stamp, sourceHash(process.cwd()));
    // The spawned server takes this process's environment as it starts; nothing else here reads it.
    process.env.PLAN_LIMITS = 'off';
    try {
      server = await spawnServer({
        dataDir: freshDataDir(),
        port: await freePort(),
        pgPort: await freePort(),
      });
    } finally {
      if (saved === undefined) delete process.env.PLAN_LIMITS;
      else process.env.PLAN_LIMITS = saved;
      fs.writeFileSync(stamp, built);
    }
  });

  test.afterAll(async () => {
    await disposeServer(server);
  });

  test('a FREE organization creates a second project; the header and billing page push no plan or quota', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const s = server!;
    const account = await accountOn(s);
    const [name, value] = account.cookie.split('=');
    await page.context().addCookies([{ name, value, url: s.base }]);
    const me = await account.call('GET', '/api/v1/auth/me', undefined, account.cookie);
    expect(me.json.data.organization.plan).toBe('FREE');
    // What the client learns limits from: the usage and billing answers.
    const usage = await account.call('GET', '/api/v1/usage', undefined, account.cookie);
    expect(usage.json.data).toMatchObject({ plan: 'FREE', unlimited: true });
    const billing = await account.call('GET', '/api/v1/billing', undefined, account.cookie);
    expect(billing.json.data).toMatchObject({ plan: 'FREE', unlimited: true, limits: { projects: null } });

    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`${s.base}/projects/new`);
      await expect(page.getByRole('heading', { name: 'New project', level: 1 })).toBeVisible();
      await expect(page.getByLabel('Project name')).toBeVisible();
      await expect(page.getByTestId('plan-limit')).toHaveCount(0);
      await expect(page.getByText('Upgrade to PRO')).toHaveCount(0);
      // The header: this month's events, no plan badge, no quota bar.
      const usageLink = page.getByTestId('header-usage');
      await expect(usageLink).toHaveAttribute('data-level', 'unlimited');
      await expect(usageLink.getByTestId('header-usage-text')).toHaveText('0 events this month');
      await expect(page.getByTestId('plan-badge')).toHaveCount(0);
      await expect(page.getByText('FREE', { exact: true })).toHaveCount(0);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: screen(`first-day-limits-off-new-project-${viewport.width}`), fullPage: true });
    }

    await page.setViewportSize(DESKTOP);
    await page.getByLabel('Project name').fill('Second service');
    await page.getByLabel('Platform').selectOption('node');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect(page.getByRole('heading', { name: 'Send your first event to Second service' })).toBeVisible();
    const projects = await account.call('GET', '/api/v1/projects', undefined, account.cookie);
    expect(projects.json.data.map((p: { name: string }) => p.name)).toEqual(['Durability', 'Second service']);

    // An event counts in the header, still with no quota beside it.
    const second = projects.json.data[1] as { id: string; keys: { publicKey: string }[] };
    const sent = await fetch(`${s.base}/api/v1/ingest/${second.id}/envelope`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ingest-auth': `ingest_key=${second.keys[0].publicKey}` },
      body: JSON.stringify({
        exception: { type: 'Error', value: 'limits off', stacktrace: { frames: [{ filename: 'a.js', lineno: 1 }] } },
      }),
    });
    expect(sent.status).toBe(200);

    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`${s.base}/settings/billing`);
      await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
      await expect(page.getByTestId('billing-plan')).toHaveText('No limits');
      await expect(page.getByTestId('billing-unlimited')).toContainText('no monthly quota and no project limit');
      await expect(page.getByRole('button', { name: 'Upgrade to PRO' })).toHaveCount(0);
      await expect(page.getByText('PRO lifts the quota')).toHaveCount(0);
      await expect(page.getByTestId('billing-not-configured')).toHaveCount(0);
      await expect(page.getByTestId('usage-used')).toHaveText('1');
      await expect(
        page.getByText(
          /^1 event in .+, with no quota on this server \(1 error, 0 warnings, 0 info; 0 transactions\)\.$/,
        ),
      ).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expect(page.getByTestId('header-usage-text')).toHaveText('1 event this month');
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: screen(`first-day-limits-off-billing-${viewport.width}`), fullPage: true });
    }

    // Home: both projects, each card with its own counts.
    await page.goto(`${s.base}/`);
    const cards = page.getByTestId('project-card');
    await expect(cards).toHaveCount(2);
    const secondCard = cards.filter({ hasText: 'Second service' });
    await expect(secondCard.getByTestId('project-open-issues')).toHaveText('1');
    await expect(secondCard.getByTestId('project-events-24h')).toHaveText('1');
    await expect(cards.filter({ hasText: 'Durability' }).getByTestId('project-open-issues')).toHaveText('0');
    await page.screenshot({ path: screen(`first-day-limits-off-home-${PHONE.width}`), fullPage: true });
  });
});

test('with limits on (the spec’s plans), FREE with its one project still explains the limit', async ({
  page,
  request,
}) => {
  await signInWithProject(page, request, 'Limits on');
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/projects/new');
    await expect(page.getByTestId('plan-limit')).toContainText('Project limit reached for the FREE plan');
    await expect(page.getByTestId('header-usage').getByTestId('plan-badge')).toHaveText('FREE');
    await expect(page.getByTestId('header-usage-text')).toHaveText('0 / 10,000 events this month');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screen(`first-day-limits-on-new-project-${viewport.width}`), fullPage: true });
  }
});

test('setup and settings: the Sentry SDK DSN first, the native one labelled; snippets fit; the curl snippet works', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { project } = await signInWithProject(page, request, 'First day API');
  const full = (
    (await (await page.request.get(`/api/v1/projects/${project.id}`)).json()) as {
      data: { number: number; keys: { dsn: string; sentryDsn: string; publicKey: string }[] };
    }
  ).data;
  const [key] = full.keys;
  expect(key.sentryDsn).toMatch(new RegExp(`/${full.number}$`));
  expect(key.dsn).toMatch(new RegExp(`/${project.id}$`));

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto(`/projects/${project.id}`);
    await expect(page.getByRole('heading', { name: 'Send your first event to First day API' })).toBeVisible();
    // Document order: the Sentry SDK DSN is the first DSN on the page.
    const dsns = page.locator('[data-testid="sentry-dsn"], [data-testid="dsn"]');
    await expect(dsns).toHaveCount(2);
    expect(await dsns.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual([
      'sentry-dsn',
      'dsn',
    ]);
    await expect(page.getByTestId('sentry-dsn')).toHaveText(key.sentryDsn);
    await expect(page.getByTestId('dsn')).toHaveText(key.dsn);
    await expect(page.getByLabel('Sentry SDK DSN', { exact: true })).toHaveText(key.sentryDsn);
    await expect(page.getByLabel(NATIVE_LABEL)).toHaveText(key.dsn);
    await expect(page.getByText('A Sentry SDK given this DSN sends nothing.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy DSN for Sentry SDKs' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy native protocol DSN' })).toBeVisible();
    // The platform snippet (JavaScript by default: @sentry/browser) uses the Sentry SDK DSN.
    await expect(page.getByTestId('snippet-platform-init')).toContainText(key.sentryDsn);
    await expect(page.getByTestId('snippet-curl')).toBeVisible();
    await expectEverythingFits(page);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screen(`first-day-setup-${viewport.width}`), fullPage: true });
  }

  // The curl snippet as shown, run by a shell: the event is stored and the page notices.
  const curl = (await page.getByTestId('snippet-curl').textContent())!;
  expect(curl.split('\n').length).toBeGreaterThan(5);
  const { stdout } = await promisify(execFile)('sh', ['-c', curl]);
  expect(JSON.parse(stdout)).toMatchObject({ statusCode: 200, message: 'Event received successfully' });
  await expect(page.getByTestId('first-event-received')).toContainText('Error: Hello from my first event');

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto(`/projects/${project.id}/settings`);
    const row = page.getByTestId('key-row').first();
    await expect(row.getByTestId('key-sentry-dsn')).toHaveText(key.sentryDsn);
    expect(await row.locator('code').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual([
      'key-sentry-dsn',
      'key-dsn',
    ]);
    await expect(row.getByLabel(NATIVE_LABEL)).toHaveText(key.dsn);
    await expect(row.getByRole('button', { name: 'Copy native protocol DSN of Default' })).toBeVisible();
    await expectEverythingFits(page);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screen(`first-day-settings-${viewport.width}`), fullPage: true });
  }

  // The first DSN shown works in @sentry/browser as pasted; the native one is caught where it can be.
  const site = await startSentryPageServer({
    '/': `<!doctype html><title>shop</title><script src="/sentry.js"></script>
<script>
  window.sendWith = async (dsn, message) => {
    Sentry.init({ dsn, defaultIntegrations: false });
    const enabled = Sentry.getClient().getDsn() !== undefined;
    Sentry.captureException(new Error(message));
    const flushed = await Sentry.flush(5000);
    await Sentry.close(2000);
    return { enabled, flushed };
  };
</script>`,
  });
  try {
    await page.goto(site.origin);
    // What the SDK sent and the status it got (it never shows the body; the body is read below).
    const answers: { url: string; status: number }[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.endsWith('/envelope/')) answers.push({ url: res.url(), status: res.status() });
    });

    expect(await page.evaluate(([dsn]) => window.sendWith!(dsn, 'with the Sentry SDK DSN'), [key.sentryDsn])).toEqual({
      enabled: true,
      flushed: true,
    });
    await expect
      .poll(() => answers.map((a) => [new URL(a.url).pathname, a.status]))
      .toEqual([[`/api/${full.number}/envelope/`, 200]]);

    answers.length = 0;
    const sent = await page.evaluate(([dsn]) => window.sendWith!(dsn, 'with the native DSN'), [key.dsn]);
    const leadingDigits = /^\d+/.exec(project.id)?.[0];
    if (leadingDigits && /^0+$/.test(leadingDigits)) {
      // /api/0/… is the sentry-cli API's folder, not an ingest path: the request never reaches ingest.
      expect(sent.enabled).toBe(true);
    } else if (!leadingDigits) {
      // An id starting with a letter: the SDK turns itself off; nothing reaches the server.
      expect(sent).toEqual({ enabled: false, flushed: true });
      await page.waitForTimeout(1000);
      expect(answers).toEqual([]);
    } else {
      // An id starting with digits: the SDK posts to /api/<those digits>/envelope/ and is told the right DSN.
      expect(sent.enabled).toBe(true);
      await expect.poll(() => answers.length).toBe(1);
      expect(new URL(answers[0].url).pathname).toBe(`/api/${leadingDigits}/envelope/`);
      expect(answers[0].status).toBe(401);
      // The same request again, to read the answer's body.
      const again = await page.request.post(answers[0].url, {
        headers: { 'content-type': 'text/plain' },
        data: '{}\n{"type":"event"}\n{"message":"again"}\n',
      });
      expect(again.status()).toBe(401);
      expect((await again.json()).message).toBe(
        `Wrong DSN for a Sentry SDK: the DSN ending in the project id is the native protocol DSN. Use the project's Sentry SDK DSN: ${key.sentryDsn}`,
      );
    }
    const issues = (await (await page.request.get(`${baseURL}/api/v1/projects/${project.id}/issues`)).json()) as {
      data: { issues: { title: string }[] };
    };
    expect(issues.data.issues.map((i) => i.title).sort()).toEqual([
      'Error: Hello from my first event',
      'Error: with the Sentry SDK DSN',
    ]);
  } finally {
    await site.close();
  }
});

test('home page cards: open issues and the last 24 hours’ events of each project', async ({ page, request }) => {
  const { project, key } = await signInWithProject(page, request, 'Card counts');
  const send = async (type: string) => {
    const res = await request.post(`/api/v1/ingest/${project.id}/envelope`, {
      headers: { 'X-Ingest-Auth': `ingest_key=${key}` },
      data: { exception: { type, value: 'x', stacktrace: { frames: [{ filename: 'app.js', lineno: 1 }] } } },
    });
    expect(res.status()).toBe(200);
  };
  // Three issues from five events; one resolved.
  for (const type of ['TypeError', 'TypeError', 'TypeError', 'RangeError', 'SyntaxError']) await send(type);
  const list = (await (await page.request.get(`/api/v1/projects/${project.id}/issues?limit=10`)).json()) as {
    data: { issues: { id: string; title: string }[] };
  };
  const syntax = list.data.issues.find((i) => i.title.startsWith('SyntaxError'))!;
  expect(
    (
      await page.request.patch(`/api/v1/projects/${project.id}/issues/${syntax.id}`, { data: { status: 'RESOLVED' } })
    ).status(),
  ).toBe(200);

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const card = page.getByTestId('project-card').filter({ hasText: 'Card counts' });
    await expect(card.getByTestId('project-open-issues')).toHaveText('2');
    await expect(card.getByTestId('project-events-24h')).toHaveText('5');
    await expect(card.getByRole('link', { name: '2 open issues' })).toHaveAttribute(
      'href',
      `/projects/${project.id}/issues`,
    );
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: screen(`first-day-home-${viewport.width}`), fullPage: true });
  }
  await page.getByTestId('project-card').getByRole('link', { name: '2 open issues' }).click();
  await expect(page).toHaveURL(`/projects/${project.id}/issues`);
  await expect(page.getByRole('row').filter({ hasText: 'TypeError' })).toHaveCount(1);
});

declare global {
  interface Window {
    sendWith?: (dsn: string, message: string) => Promise<{ enabled: boolean; flushed: boolean }>;
  }
}
