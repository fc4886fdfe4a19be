// GitHub's REST API on loopback, as a GitHub Enterprise Server answers it (under /api/v3): issues of repositories
// and a GitHub App's installation tokens. Every request is checked against GitHub's OpenAPI description
// (./github-openapi.ts); a request that does not fit is answered 422 and listed in `problems`.
import crypto from 'node:crypto';
import { githubRequestProblems } from './github-openapi';
import { loopback, type Answer, type Received } from './loopback';

export type FakeGithubIssue = { id: number; number: number; repo: string; title: string; body: string; state: string };

export async function fakeGithub(opts: {
  token?: string;
  app?: { id: number; publicKey: string; installationId: number };
}) {
  const issues: FakeGithubIssue[] = [];
  const problems: string[] = [];
  const installationTokens = new Set<string>();
  let nextId = 4_100_000;

  const view = (base: string, i: FakeGithubIssue) => ({
    id: i.id,
    node_id: `I_${i.id}`,
    number: i.number,
    title: i.title,
    body: i.body,
    state: i.state,
    url: `${base}/api/v3/repos/${i.repo}/issues/${i.number}`,
    html_url: `${base}/${i.repo}/issues/${i.number}`,
    user: { login: 'tracker-bot', id: 1 },
    labels: [],
    locked: false,
    comments: 0,
    created_at: '2026-12-01T00:00:00Z',
    updated_at: '2026-12-01T00:00:00Z',
  });

  function authorized(req: Received): boolean {
    const auth = String(req.headers.authorization ?? '');
    const [scheme, value] = auth.split(' ');
    return /^(token|bearer)$/i.test(scheme) && (value === opts.token || installationTokens.has(value));
  }

  /** A GitHub App's JWT: RS256 over its header and claims, `iss` the App ID, valid now. */
  function appJwtValid(req: Received): boolean {
    if (!opts.app) return false;
    const jwt = String(req.headers.authorization ?? '').replace(/^bearer /i, '');
    const [h, p, sig] = jwt.split('.');
    if (!sig) return false;
    const ok = crypto.verify('RSA-SHA256', Buffer.from(`${h}.${p}`), opts.app.publicKey, Buffer.from(sig, 'base64url'));
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as {
      iss: unknown;
      exp: number;
      iat: number;
    };
    const now = Date.now() / 1000;
    return ok && String(claims.iss) === String(opts.app.id) && claims.exp > now && claims.iat <= now + 60;
  }

  const server = await loopback((req): Answer => {
    if (!req.path.startsWith('/api/v3/')) return { status: 404, body: { message: 'Not Found' } };
    const path = req.path.slice('/api/v3'.length);
    const found = githubRequestProblems({ ...req, path });
    if (found.length) {
      problems.push(...found.map((p) => `${req.method} ${path}: ${p}`));
      return { status: 422, body: { message: 'Validation Failed', errors: found } };
    }
    const base = server.url;
    const token = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(path);
    if (token) {
      if (!appJwtValid(req) || Number(token[1]) !== opts.app?.installationId)
        return { status: 401, body: { message: 'A JSON web token could not be decoded' } };
      const value = `ghs_${crypto.randomBytes(18).toString('hex')}`;
      installationTokens.add(value);
      return {
        status: 201,
        body: {
          token: value,
          expires_at: new Date(Date.now() + 3600_000).toISOString(),
          permissions: { issues: 'write' },
        },
      };
    }
    if (!authorized(req)) return { status: 401, body: { message: 'Bad credentials' } };
    const m = /^\/repos\/([^/]+\/[^/]+)\/issues(?:\/(\d+))?$/.exec(path);
    if (!m) return { status: 404, body: { message: 'Not Found' } };
    const repo = m[1];
    if (req.method === 'POST' && !m[2]) {
      const issue = {
        id: nextId++,
        number: issues.filter((i) => i.repo === repo).length + 1,
        repo,
        title: req.body.title,
        body: req.body.body ?? '',
        state: 'open',
      };
      issues.push(issue);
      return { status: 201, body: view(base, issue) };
    }
    const issue = issues.find((i) => i.repo === repo && i.number === Number(m[2]));
    if (!issue) return { status: 404, body: { message: 'Not Found' } };
    if (req.method === 'PATCH') {
      if (req.body.state) issue.state = req.body.state;
      if (req.body.title) issue.title = req.body.title;
    }
    return { status: 200, body: view(base, issue) };
  });
  return { ...server, issues, problems };
}

/** GitHub's `issues` webhook as GitHub sends it, signed with X-Hub-Signature-256. */
export function githubIssueWebhook(a: {
  secret: string;
  action: string;
  issue: FakeGithubIssue;
  delivery?: string;
  signature?: string;
}) {
  const body = JSON.stringify({
    action: a.action,
    issue: {
      id: a.issue.id,
      number: a.issue.number,
      title: a.issue.title,
      state: a.action === 'closed' ? 'closed' : 'open',
    },
    repository: { id: 77, full_name: a.issue.repo },
    sender: { login: 'octocat' },
  });
  const signature = a.signature ?? `sha256=${crypto.createHmac('sha256', a.secret).update(body).digest('hex')}`;
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'issues',
      'x-github-delivery': a.delivery ?? crypto.randomUUID(),
      'x-hub-signature-256': signature,
    },
  };
}
