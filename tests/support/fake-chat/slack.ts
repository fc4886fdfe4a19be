// Slack's Web API on loopback (#64): the methods @slack/web-api calls for us (oauth.v2.access, chat.postMessage,
// chat.update, chat.postEphemeral, chat.unfurl), form-encoded as Slack takes them, the bot token in Authorization,
// answers in Slack's `{ ok, ... }` shape (https://api.slack.com/methods).
import { loopback, type Answer, type Received } from '../fake-trackers/loopback';

export type SlackCall = { method: string; args: Record<string, unknown>; auth: string | undefined };

/** Slack's form fields, objects and arrays given as JSON (as @slack/web-api sends them). */
function argsOf(r: Received): Record<string, unknown> {
  if (r.body && typeof r.body === 'object') return r.body as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(typeof r.body === 'string' ? r.body : '')) {
    try {
      out[k] = /^[[{]/.test(v) ? JSON.parse(v) : v;
    } catch {
      out[k] = v;
    }
  }
  return out;
}

export async function fakeSlack(opts: {
  clientId: string;
  clientSecret: string;
  code: string;
  team: { id: string; name: string };
  botToken: string;
}) {
  const calls: SlackCall[] = [];
  let ts = 1_700_000_000;
  const server = await loopback((r): Answer => {
    const method = r.path.replace(/^\/api\//, '');
    const args = argsOf(r);
    calls.push({ method, args, auth: r.headers.authorization });
    if (method === 'oauth.v2.access') {
      if (args.client_id !== opts.clientId || args.client_secret !== opts.clientSecret)
        return { status: 200, body: { ok: false, error: 'invalid_client_id' } };
      if (args.code !== opts.code) return { status: 200, body: { ok: false, error: 'invalid_code' } };
      return {
        status: 200,
        body: {
          ok: true,
          access_token: opts.botToken,
          token_type: 'bot',
          scope: 'chat:write,chat:write.public,links:read,links:write',
          bot_user_id: 'UBOT',
          app_id: 'A0APP',
          team: opts.team,
          enterprise: null,
          authed_user: { id: 'UINSTALLER' },
        },
      };
    }
    if (r.headers.authorization !== `Bearer ${opts.botToken}`)
      return { status: 200, body: { ok: false, error: 'invalid_auth' } };
    if (method === 'chat.postMessage') {
      ts += 1;
      return { status: 200, body: { ok: true, channel: 'C0ALERTS', ts: `${ts}.000100`, message: { text: args.text } } };
    }
    if (method === 'chat.update') return { status: 200, body: { ok: true, channel: args.channel, ts: args.ts } };
    if (method === 'chat.postEphemeral') return { status: 200, body: { ok: true, message_ts: `${ts}.000200` } };
    if (method === 'chat.unfurl') return { status: 200, body: { ok: true } };
    return { status: 200, body: { ok: false, error: 'unknown_method' } };
  });
  return { ...server, apiUrl: `${server.url}/api/`, calls, of: (m: string) => calls.filter((c) => c.method === m) };
}
