import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerUser } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { sidewaysOverflow } from './support/layout';

// The event page of a Sentry event at full fidelity: context lines, folded library frames, the exception
// chain, the log message, each context (one the team set included) and the feature flags, extra and SDK; in both
// colour schemes and at 375 px.

type Scheme = 'light' | 'dark';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const T = Math.floor(Date.now() / 1000) - 60;

const appFrame = (fn: string, lineno: number, line: string) => ({
  filename: 'billing/invoices.py',
  abs_path: '/srv/app/billing/invoices.py',
  module: 'billing.invoices',
  function: fn,
  lineno,
  in_app: true,
  pre_context: ['', 'def helper():', '    pass', '', `def ${fn}(text):`],
  context_line: line,
  post_context: ['', '', 'def other():', '    return None'],
});
const libFrame = (fn: string, lineno: number) => ({
  filename: 'requests/sessions.py',
  abs_path: '/usr/lib/python3/dist-packages/requests/sessions.py',
  module: 'requests.sessions',
  function: fn,
  lineno,
  in_app: false,
});

// Sentry frames are outermost first.
const chainedError = {
  event_id: 'e'.repeat(32),
  timestamp: T,
  platform: 'python',
  level: 'error',
  logger: 'billing',
  server_name: 'worker-1',
  transaction: 'tasks.send_invoices',
  sdk: { name: 'sentry.python', version: '1.9.10' },
  contexts: {
    runtime: { name: 'CPython', version: '3.11.2' },
    os: { name: 'Linux', version: '6.1' },
    device: { arch: 'x86_64' },
    // A context the team set (#58): kept whole, shown in a panel of its own.
    invoice: { id: 'inv_42', customer: { tier: 'gold', country: 'FR' }, lines: [{ sku: 'A-1', qty: 2 }] },
    flags: {
      values: [
        { flag: 'new-invoice-pdf', result: true },
        { flag: 'euro-rounding', result: false },
      ],
    },
  },
  extra: { invoice: { id: 'inv_42', lines: 3 } },
  modules: { requests: '2.28.1', django: '4.2' },
  exception: {
    values: [
      {
        type: 'ValueError',
        value: "invalid literal for int() with base 10: '12,50'",
        stacktrace: { frames: [appFrame('parse_amount', 12, '    return int(text)')] },
      },
      {
        type: 'RuntimeError',
        value: 'could not load invoice',
        mechanism: { type: 'generic', handled: false },
        stacktrace: {
          frames: [
            appFrame('main', 40, '    run()'),
            libFrame('send', 700),
            libFrame('request', 580),
            appFrame('load_invoice', 20, '        raise RuntimeError("could not load invoice") from err'),
          ],
        },
      },
    ],
  },
};
const logMessage = {
  event_id: 'f'.repeat(32),
  timestamp: T,
  platform: 'python',
  level: 'error',
  logger: 'billing.payments',
  logentry: { message: 'Payment %s failed for user %d', params: ['p_123', 7] },
};

async function seed(page: Page, request: APIRequestContext, scheme: Scheme) {
  const user = await registerUser(request, { name: `Details ${scheme} owner`, verify: true });
  expect(
    (await page.request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } })).status(),
  ).toBe(200);
  const created = await page.request.post('/api/v1/projects', {
    data: { name: `Billing ${scheme}`, platform: 'python' },
  });
  expect(created.status()).toBe(201);
  const project = ((await created.json()) as { data: { id: string; number: number; keys: { publicKey: string }[] } })
    .data;
  for (const event of [chainedError, logMessage]) {
    const res = await request.post(`/api/${project.number}/store/?sentry_key=${project.keys[0].publicKey}`, {
      data: event,
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const issues = (
    (await (await page.request.get(`/api/v1/projects/${project.id}/issues`)).json()) as {
      data: { issues: { id: string; title: string }[] };
    }
  ).data.issues;
  const eventPath = async (title: string) => {
    const issue = issues.find((i) => i.title === title)!;
    const events = (
      (await (await page.request.get(`/api/v1/projects/${project.id}/issues/${issue.id}/events`)).json()) as {
        data: { events: { id: string }[] };
      }
    ).data.events;
    return `/projects/${project.id}/issues/${issue.id}/events/${events[0].id}`;
  };
  return {
    errorPath: await eventPath('RuntimeError: could not load invoice'),
    messagePath: await eventPath('Payment p_123 failed for user 7'),
  };
}

async function atBothWidths(page: Page, check: () => Promise<void>) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await check();
    expect(await sidewaysOverflow(page), `scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
  }
}

for (const scheme of ['light', 'dark'] as const) {
  test(`Sentry event page (${scheme}): context lines, folded library frames, exception chain, contexts, extra, SDK; log message page`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme });
    const { errorPath, messagePath } = await seed(page, request, scheme);

    await page.goto(errorPath);
    const throwSite = page.getByTestId('frame-throw-site');
    await expect(throwSite.getByTestId('frame-function')).toHaveText('load_invoice');
    await expect(throwSite.getByTestId('context-line-current')).toContainText(
      'raise RuntimeError("could not load invoice") from err',
    );
    await expect(throwSite.getByTestId('context-line-current')).toContainText('20');
    await expect(throwSite.getByTestId('context-lines')).toContainText('def load_invoice(text):');
    await expect(page.getByText('unhandled', { exact: true })).toBeVisible();

    const trace = page.getByTestId('stack-trace');
    // Two library frames folded behind one button; the outer in-app frame stays.
    await expect(trace.getByTestId('frame-function')).toHaveText(['load_invoice', 'main']);
    await atBothWidths(page, async () => {
      await expect(trace.getByTestId('show-more-frames')).toHaveText('Show 2 more frames');
    });
    await trace.getByTestId('show-more-frames').click();
    await expect(trace.getByTestId('frame-function')).toHaveText(['load_invoice', 'request', 'send', 'main']);

    const cause = page.getByTestId('chained-exception');
    await expect(cause).toContainText('Caused by');
    await expect(cause).toContainText("ValueError: invalid literal for int() with base 10: '12,50'");
    await expect(cause.getByTestId('context-line-current')).toContainText('return int(text)');

    const contexts = page.getByTestId('contexts');
    await expect(contexts).toContainText('Runtime');
    await expect(contexts).toContainText('CPython');
    await expect(contexts).toContainText('x86_64');
    const invoice = contexts.locator('[data-context="invoice"]');
    await expect(invoice).toContainText('inv_42');
    await expect(invoice).toContainText('"country": "FR"');
    await expect(invoice).toContainText('"sku": "A-1"');
    await expect(contexts.locator('[data-context="flags"]')).toHaveCount(0);
    await expect(page.getByTestId('feature-flag')).toHaveText(['new-invoice-pdftrue', 'euro-roundingfalse']);
    await expect(page.getByTestId('extra')).toContainText('"inv_42"');
    const sdk = page
      .getByRole('region', { name: 'SDK' })
      .or(page.locator('section', { has: page.getByRole('heading', { name: 'SDK', exact: true }) }));
    await expect(sdk).toContainText('sentry.python 1.9.10');
    await expect(sdk).toContainText('worker-1');
    await atBothWidths(page, async () => {
      await expect(throwSite).toBeVisible();
      await page.screenshot({
        path: path.join('test-results', 'screens', `${scheme}-sentry-event-${page.viewportSize()!.width}.png`),
        fullPage: true,
      });
    });

    await page.goto(messagePath);
    await expect(page.getByText('This event has no stack trace.')).toBeVisible();
    await expect(page.getByTestId('log-message')).toHaveText('Payment p_123 failed for user 7');
    await expect(page.getByText('Payment %s failed for user %d')).toBeVisible();
    await atBothWidths(page, async () => {
      await expect(page.getByTestId('log-message')).toBeVisible();
    });
  });
}
