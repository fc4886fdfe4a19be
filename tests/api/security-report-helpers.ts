// What the security endpoint's tests (#58) share: the reports they send and how they read what was kept.
import { db } from '@/lib/db';
import { flushOutcomes } from '@/lib/outcomes/record-outcome';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';

export const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
export const CSP = 'application/csp-report';
export const REPORTS = 'application/reports+json';

export const cspReport = (overrides: Record<string, unknown> = {}) => ({
  'csp-report': {
    'document-uri': 'https://shop.example/checkout',
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'; report-uri /api/1/security/",
    disposition: 'enforce',
    'blocked-uri': 'https://evil.example.com/x.js',
    'status-code': 200,
    'script-sample': '',
    ...overrides,
  },
});
export const violation = (body: Record<string, unknown>) => ({
  type: 'csp-violation',
  age: 3,
  url: 'https://shop.example/cart',
  user_agent: UA,
  body: { documentURL: 'https://shop.example/cart', disposition: 'enforce', statusCode: 200, ...body },
});

export const failed = (status: number, message: string) => ({ statusCode: status, status: 'failed', message });
export const invalid = (error: { path: (string | number)[]; message: string }[]) => ({
  ...failed(400, 'Validation error'),
  error,
});

export async function setup(name = 'Shop') {
  const s = await signUp({ name });
  const project = await createProject(s.client, name);
  return { ...s, project, key: project.keys[0].publicKey };
}
export type Setup = Awaited<ReturnType<typeof setup>>;

export const eventsOf = (projectId: string) => db.event.count({ where: { projectId } });

export async function outcomesOf(projectId: string) {
  await flushOutcomes();
  const rows = await db.outcome.findMany({ where: { projectId } });
  return Object.fromEntries(rows.map((r) => [`${r.category}/${r.outcome}/${r.reason}`, Number(r.quantity)]));
}

export async function issuesOf(t: Setup) {
  const list = (await t.client.get(`/api/v1/projects/${t.project.id}/issues`)).body.data.issues as {
    id: string;
    title: string;
    culprit: string | null;
    eventCount: number;
  }[];
  return list.sort((a, b) => a.title.localeCompare(b.title));
}

export async function latestEvent(t: Setup, issueId: string) {
  return (await t.client.get(`/api/v1/projects/${t.project.id}/issues/${issueId}/events`)).body.data.events[0];
}
