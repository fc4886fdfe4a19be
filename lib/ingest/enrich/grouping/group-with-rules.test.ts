import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@/lib/envelope/schemas';
import { groupingConfigOf } from '@/lib/grouping/config';
import type { GroupingVersion } from '@/lib/grouping/version';
import { inAppFingerprintV2, typeValueFingerprint, withCustomParts } from './fingerprint';
import { groupingOf, type GroupingUnit } from './group-event';
import { groupEvent } from './group-with-rules';

const frames = [
  { filename: '/srv/app/src/assert.js', function: 'assertOk', lineno: 3, in_app: true, module: 'src/assert' },
  {
    filename: '/srv/app/node_modules/pg/lib/client.js',
    function: 'query',
    lineno: 40,
    in_app: true,
    module: 'node_modules/pg/lib/client',
  },
  { filename: '/srv/app/src/users.js', function: 'getUser', lineno: 12, in_app: true, module: 'src/users' },
];

const unit = (e: Record<string, unknown> = {}, message = false): GroupingUnit => ({
  envelope: errorEnvelopeSchema.parse({
    exception: { type: 'DatabaseUnavailable', value: 'connect ECONNREFUSED 10.0.0.7:5432', stacktrace: { frames } },
    platform: 'node',
    ...e,
  }),
  grouping: 'sentry',
  stackless: false,
  message,
});

const config = (fingerprintRules: string, stackRules = '', version: GroupingVersion = 3) =>
  groupingConfigOf(version, { fingerprintRules, stackRules });

describe('grouping under a config', () => {
  it('without rules: exactly the version’s grouping', () => {
    for (const version of [1, 2, 3] as const)
      expect(groupEvent(unit({ fingerprint: ['a'] }), config('', '', version))).toEqual(
        groupingOf(unit({ fingerprint: ['a'] }), version),
      );
  });

  it('rules that match nothing change nothing, the hash included', () => {
    const g = groupEvent(unit(), config('error.type:Nope -> x', 'stack.function:nothing -group'));
    expect(g).toEqual(groupingOf(unit(), 3));
  });

  it('a fingerprint rule replaces the default (and the SDK’s parts); its title names the issue', () => {
    const g = groupEvent(
      unit({ fingerprint: ['sdk-part'] }),
      config('error.type:DatabaseUnavailable -> system-down title="Database down"'),
    );
    expect(g.fingerprint).toBe(withCustomParts('x', ['system-down']));
    expect(g.title).toBe('Database down');
    expect(g.rule).toBe('error.type:DatabaseUnavailable -> system-down title="Database down"');
    expect(g.culprit).toBe(groupingOf(unit(), 3).culprit);
  });

  it('{{ default }} in a rule stands for the default hash', () => {
    const def = groupingOf(unit(), 3).fingerprint;
    const g = groupEvent(
      unit({ transaction: 'GET /users' }),
      config('error.type:Database* -> {{ default }}, {{ transaction }}'),
    );
    expect(g.fingerprint).toBe(withCustomParts(def, [def, 'GET /users']));
  });

  it('-app takes frames out of the app: the hash and the culprit follow, and the changed frames are returned', () => {
    const u = unit();
    const g = groupEvent(u, config('', 'stack.module:node_modules/** -app'));
    const own = [frames[0], frames[2]];
    expect(g.fingerprint).toBe(inAppFingerprintV2({ type: 'DatabaseUnavailable', frames: own }, 'node'));
    expect(g.frames?.map((f) => f.in_app)).toEqual([true, false, true]);
    // Frames the rules left alone are the ones sent; the sent frames are never changed.
    expect(g.frames?.[0]).toBe(u.envelope.exception.stacktrace.frames[0]);
    expect(u.envelope.exception.stacktrace.frames[1].in_app).toBe(true);
  });

  it('-group and max-frames pick the frames that group; none left: the type and message', () => {
    const g = groupEvent(unit(), config('', 'stack.function:assert* -group'));
    expect(g.fingerprint).toBe(inAppFingerprintV2({ type: 'DatabaseUnavailable', frames: frames.slice(1) }, 'node'));
    const top = groupEvent(unit(), config('', 'app:yes max-frames=1'));
    expect(top.fingerprint).toBe(
      inAppFingerprintV2({ type: 'DatabaseUnavailable', frames: frames.slice(0, 1) }, 'node'),
    );
    const none = groupEvent(unit(), config('', 'app:yes -group'));
    expect(none.fingerprint).toBe(typeValueFingerprint('DatabaseUnavailable', 'connect ECONNREFUSED 10.0.0.7:5432'));
    // The message's variable parts are normalised: another address, one issue.
    expect(
      groupEvent(
        unit({
          exception: {
            type: 'DatabaseUnavailable',
            value: 'connect ECONNREFUSED 10.0.0.9:5432',
            stacktrace: { frames },
          },
        }),
        config('', 'app:yes -group'),
      ).fingerprint,
    ).toBe(none.fingerprint);
    expect(groupEvent(unit(), config('', 'app:yes min-frames=4')).fingerprint).toBe(none.fingerprint);
  });

  it('stack trace rules run before fingerprint rules: app:no sees the frames they took out', () => {
    const g = groupEvent(
      unit(),
      config('app:no stack.function:query -> library-query', 'stack.module:node_modules/** -app'),
    );
    expect(g.fingerprint).toBe(withCustomParts('x', ['library-query']));
  });

  it('a message (no exception) is not matched by error.type, but by message', () => {
    const msg = unit(
      { exception: { type: 'Message', value: 'Upstream timeout after 30s', stacktrace: { frames } } },
      true,
    );
    expect(groupEvent(msg, config('error.type:Message -> m')).rule).toBeUndefined();
    expect(groupEvent(msg, config('message:"*timeout*" -> timeouts')).fingerprint).toBe(
      withCustomParts('x', ['timeouts']),
    );
  });
});
