import { describe, expect, it } from 'vitest';
import { slackSignature, verifySlackRequest } from './signing';

// Slack's own worked example (https://api.slack.com/authentication/verifying-requests-from-slack).
const SECRET = '8f742231b10e8888abcd99yyyzzz85a5';
const TS = '1531420618';
const BODY =
  'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c';
const SIGNATURE = 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503';

const headers = (o: Record<string, string>) => new Headers(o);
const at = (secondsAfter: number) => (Number(TS) + secondsAfter) * 1000;

describe('Slack request signing', () => {
  it("computes Slack's documented signature", () => {
    expect(slackSignature(SECRET, TS, BODY)).toBe(SIGNATURE);
  });

  it('accepts it within five minutes, refuses it later, altered or unsigned', () => {
    const signed = headers({ 'x-slack-request-timestamp': TS, 'x-slack-signature': SIGNATURE });
    const check = (h: Headers, nowMs: number, body = BODY) =>
      verifySlackRequest({ headers: h, body: Buffer.from(body), nowMs }, SECRET);
    expect(check(signed, at(299))).toEqual({ ok: true });
    expect(check(signed, at(-299))).toEqual({ ok: true });
    expect(check(signed, at(301))).toMatchObject({ ok: false, status: 401 });
    expect(check(signed, at(0), `${BODY}&x=1`)).toEqual({
      ok: false,
      status: 401,
      message: 'Invalid X-Slack-Signature',
    });
    expect(check(headers({ 'x-slack-signature': SIGNATURE }), at(0))).toMatchObject({ ok: false, status: 401 });
    expect(check(headers({ 'x-slack-request-timestamp': TS }), at(0))).toEqual({
      ok: false,
      status: 401,
      message: 'Missing X-Slack-Signature',
    });
  });
});
