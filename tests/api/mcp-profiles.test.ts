// #63: the MCP server's get_slowest_functions, from a real profile: the Python SDK's recorded transaction profile
// (tests/support/recorded-profile.ts, as tests/api/profiles.test.ts sends it) makes fibonacci_heavy
// the project's slowest in-app function; another organization's token is told the project does not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { signUp } from '../support/accounts';
import { callTool, closeMcpClients, connectMcp } from '../support/mcp';
import { recordedPythonProfile } from '../support/recorded-profile';
import { setup } from '../support/replay-envelopes';
import { createToken } from '../support/tokens';

let t: Awaited<ReturnType<typeof setup>>;

beforeAll(async () => {
  t = await setup('Api');
  const { header, items } = recordedPythonProfile();
  const res = await t.post(header, items);
  expect(res.status, res.text).toBe(200);
}, 60_000);

afterAll(closeMcpClients);

describe('get_slowest_functions', () => {
  it("names the project's slowest in-app function first, with the profiling page's link", async () => {
    const client = await connectMcp((await createToken(t.client, ['read'])).token);
    const res = await callTool(client, 'get_slowest_functions', { project: t.project.slug, in_app: true });
    expect(res.isError, res.text).toBe(false);
    const lines = res.text.split('\n');
    expect(lines[0]).toBe(`Slowest functions of ${t.project.slug}, last 7 days, by self time (ms; p75 of one call):`);
    expect(lines[1]).toMatch(/^- fibonacci_heavy \(\/tmp\/prof\/app\.py(:\d+)?\) \[in app\] · self [\d.]+ · total/);
    expect(lines.at(-1)).toBe(`Flame graphs: ${env.appUrl}/projects/${t.project.id}/profiling`);
  });

  it("is not found for another organization's token", async () => {
    const other = await signUp({ name: 'Other' });
    const client = await connectMcp((await createToken(other.client, ['read'])).token);
    expect(await callTool(client, 'get_slowest_functions', { project: t.project.slug })).toEqual({
      isError: true,
      text: 'Error: The requested resource does not exist',
    });
  });
});
