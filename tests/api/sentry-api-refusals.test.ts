// #63: every malformed request to Sentry's management API is answered with its status (400, or 403/404/413/415)
// and Sentry's `{"detail": …}` naming what was wrong, and nothing changes.
import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND, FORBIDDEN, orgWithIssue, snapshot, type Org } from '../support/sentry-api-orgs';
import { createToken, TokenClient } from '../support/tokens';

let a: Org;
let aWrite: TokenClient;

beforeAll(async () => {
  const ao = await orgWithIssue('Acme', 'a'.repeat(32));
  a = ao;
  aWrite = new TokenClient((await createToken(ao.owner.client, ['read', 'write'])).token);
}, 60_000);

describe('malformed requests', () => {
  it('each is answered with its status and Sentry’s {detail}, and nothing changes', async () => {
    const before = await snapshot(a.project.id);
    const o = `/api/0/organizations/${a.slug}`;
    const p = `/api/0/projects/${a.slug}/${a.project.slug}`;
    const n = a.issue.number;
    const put = (url: string, body: unknown) => () => aWrite.request('PUT', url, { body });
    const d = (detail: string) => ({ detail });
    const cases: [string, () => Promise<{ status: number; body: unknown }>, number, unknown][] = [
      ['a cursor that is not one', () => aWrite.get(`${o}/issues/?cursor=abc`), 400, d('Invalid cursor parameter.')],
      [
        'an unknown sort',
        () => aWrite.get(`${o}/issues/?sort=priority`),
        400,
        d('Invalid sort "priority": use date, new, freq, user'),
      ],
      [
        'a period that is not one',
        () => aWrite.get(`${o}/issues/?statsPeriod=soon`),
        400,
        d('Invalid statsPeriod "soon": use a number and s, m, h, d or w, e.g. 14d'),
      ],
      [
        'an unknown stats period',
        () => aWrite.get(`${o}/issues/?groupStatsPeriod=1y`),
        400,
        d("Invalid stats_period. Valid choices are '', '24h', '14d'"),
      ],
      [
        'start without end',
        () => aWrite.get(`${o}/issues/?start=2026-01-01T00:00:00`),
        400,
        d('start and end go together'),
      ],
      [
        'a date that is not one',
        () => aWrite.get(`${o}/issues/?start=yesterday&end=today`),
        400,
        d('start: must be an ISO 8601 date; end: must be an ISO 8601 date'),
      ],
      [
        'a project id that is not a number',
        () => aWrite.get(`${o}/issues/?project=shop`),
        400,
        d('project.0: must be numeric project ids (-1 for all)'),
      ],
      ['a project of nobody', () => aWrite.get(`${o}/issues/?project=99999999`), 403, FORBIDDEN],
      [
        'a search term we cannot answer',
        () => aWrite.get(`${o}/issues/?query=has:browser`),
        400,
        d('Invalid search query: "has:" is not supported by this server (docs/api-compat.md lists the search terms)'),
      ],
      [
        'an unclosed quote',
        () => aWrite.get(`${p}/issues/?query=%22card`),
        400,
        d('Invalid search query: Unclosed quote (in ""card")'),
      ],
      ['an issue id that is no id', () => aWrite.get(`${o}/issues/not-an-issue!/`), 404, NOT_FOUND],
      ['an issue that does not exist', () => aWrite.get(`${o}/issues/99999999/`), 404, NOT_FOUND],
      ['a tag the issue never had', () => aWrite.get(`${o}/issues/${n}/tags/nope/`), 404, NOT_FOUND],
      ['an event that does not exist', () => aWrite.get(`${p}/events/${'c'.repeat(32)}/`), 404, NOT_FOUND],
      [
        'a search of an issue’s events',
        () => aWrite.get(`${o}/issues/${n}/events/?query=x`),
        400,
        d('Searching an issue’s events is not supported: filter by environment or period'),
      ],
      [
        'an unknown status',
        put(`${o}/issues/${n}/`, { status: 'closed' }),
        400,
        d('status: status must be resolved, resolvedInNextRelease, unresolved or ignored'),
      ],
      [
        'a field we do not have',
        put(`${o}/issues/${n}/`, { isPublic: true }),
        400,
        d('isPublic is not supported by this server (docs/api-compat.md)'),
      ],
      ['an unknown field', put(`${o}/issues/${n}/`, { colour: 'red' }), 400, d('body: Unrecognized key: "colour"')],
      [
        'nothing to change',
        put(`${o}/issues/${n}/`, {}),
        400,
        d('Nothing to change: give status, assignedTo, hasSeen or isBookmarked'),
      ],
      [
        'ids that are not ids',
        put(`${o}/issues/?id=abc!`, { status: 'resolved' }),
        400,
        d('Group ids must be integers'),
      ],
      [
        'a mark without ids',
        put(`${o}/issues/`, { hasSeen: true }),
        400,
        d('You must specify a list of IDs for this operation'),
      ],
      [
        'an assignee who is nobody here',
        put(`${o}/issues/?id=${n}`, { assignedTo: 'nobody@example.com' }),
        400,
        d('Unable to resolve actor identifier: nobody@example.com is not a member of this organization'),
      ],
      [
        'a team of nobody',
        put(`${o}/issues/?id=${n}`, { assignedTo: 'team:no-such-team' }),
        400,
        d('The team must belong to this organization'),
      ],
      [
        'a users window',
        put(`${o}/issues/?id=${n}`, { status: 'ignored', statusDetails: { ignoreUserCount: 3, ignoreUserWindow: 60 } }),
        400,
        d('statusDetails.ignoreUserWindow is not supported: ignore until a number of users in total'),
      ],
      [
        'two ignore conditions',
        put(`${o}/issues/?id=${n}`, { status: 'ignored', statusDetails: { ignoreDuration: 30, ignoreCount: 5 } }),
        400,
        d('Give one of ignoreDuration, ignoreCount or ignoreUserCount'),
      ],
      [
        'a window without a count',
        put(`${o}/issues/?id=${n}`, { status: 'ignored', statusDetails: { ignoreWindow: 30 } }),
        400,
        d('statusDetails.ignoreWindow goes with ignoreCount'),
      ],
      [
        'resolved in a named release',
        put(`${o}/issues/?id=${n}`, { status: 'resolved', statusDetails: { inRelease: '1.0' } }),
        400,
        d('statusDetails.inRelease is not supported: use inNextRelease'),
      ],
      [
        'a snooze on a resolve',
        put(`${o}/issues/?id=${n}`, { status: 'resolved', snoozeDuration: 30 }),
        400,
        d('ignoreDuration and snoozeDuration go with status ignored'),
      ],
      [
        'next release with none seen',
        put(`${o}/issues/?id=${n}`, { status: 'resolvedInNextRelease' }),
        400,
        d('resolveIn: No release has been seen in this project yet, so there is no next release to wait for'),
      ],
      [
        'merge with other changes',
        put(`${o}/issues/?id=${n}`, { merge: true, status: 'resolved' }),
        400,
        d('merge and discard go alone'),
      ],
      ['a merge of one issue', put(`${o}/issues/?id=${n}`, { merge: true }), 400, d('Merge needs at least two issues')],
      [
        'an unknown bulk status',
        put(`${o}/issues/?status=closed`, { status: 'resolved' }),
        400,
        d('Invalid status "closed": use resolved, unresolved or ignored'),
      ],
      [
        'a bulk delete without ids',
        () => aWrite.delete(`${p}/issues/`),
        400,
        d('You must specify a list of IDs for this operation'),
      ],
      [
        'not JSON',
        () =>
          aWrite.request('PUT', `${o}/issues/${n}/`, {
            body: 'status=resolved',
            headers: { 'content-type': 'text/plain' },
          }),
        415,
        d('Content-Type must be application/json'),
      ],
      [
        'a body too large',
        () => aWrite.request('PUT', `${o}/issues/${n}/`, { body: JSON.stringify({ status: 'x'.repeat(1_100_000) }) }),
        413,
        d('Request body too large'),
      ],
      [
        'an unknown dataset',
        () => aWrite.get(`${o}/events/?dataset=transactions&field=id`),
        400,
        d('Unsupported dataset "transactions": this server answers logs, errors and spans'),
      ],
      [
        'no fields',
        () => aWrite.get(`${o}/events/?dataset=errors`),
        400,
        d('No columns selected: give at least one field'),
      ],
      [
        'an unknown field',
        () => aWrite.get(`${o}/events/?dataset=errors&field=count()`),
        400,
        d('Unknown field "count()" for the errors dataset (docs/api-compat.md)'),
      ],
      [
        'an unknown span key',
        () => aWrite.get(`${o}/events/?dataset=spans&field=id&query=span.group:x`),
        400,
        d('"span.group:" is not a search key of this dataset (docs/api-compat.md)'),
      ],
      [
        'an unknown events sort',
        () => aWrite.get(`${o}/events/?dataset=logs&field=message&sort=-severity`),
        400,
        d('Invalid sort "-severity": use -timestamp, timestamp'),
      ],
      [
        'an hourly usage interval',
        () => aWrite.get(`${o}/stats_v2/?field=sum(quantity)&interval=1h`),
        400,
        d('Invalid interval "1h": outcomes are kept per day (1d)'),
      ],
      [
        'a usage field we do not count',
        () => aWrite.get(`${o}/stats_v2/?field=sum(times_seen)`),
        400,
        d('Invalid field "sum(times_seen)": this server answers sum(quantity)'),
      ],
      [
        'a usage grouping we do not have',
        () => aWrite.get(`${o}/stats_v2/?field=sum(quantity)&groupBy=key_id`),
        400,
        d('Invalid groupBy "key_id": use outcome, category, reason, project'),
      ],
      ['an unknown path', () => aWrite.get(`/api/0/organizations/${a.slug}/widgets/`), 404, NOT_FOUND],
      ['an unknown path, written to', () => aWrite.post('/api/0/nothing/here/', {}), 404, NOT_FOUND],
    ];
    for (const [label, call, status, body] of cases) {
      const res = await call();
      expect([res.status, res.body], label).toEqual([status, body]);
    }
    expect(await snapshot(a.project.id)).toEqual(before);
  });
});
