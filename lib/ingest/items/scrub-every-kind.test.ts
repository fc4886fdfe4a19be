import { describe, expect, it } from 'vitest';
import type { ItemFields } from '@/lib/ingest/enrich/scrubbing/item-fields';
import { scrubPolicyOf, DEFAULT_PRIVACY } from '@/lib/ingest/enrich/scrubbing/policy';
import { parseFieldPath, scrubItem } from '@/lib/ingest/enrich/scrubbing/scrub-item';
import { ERROR_FIELDS } from './events';
import { ITEM_KINDS } from './registry';
import { spans } from './spans';

// Every kind that declares fields (check-ins hold none), by name.
const DECLARING = ITEM_KINDS.filter((k) =>
  Object.keys(k.fields).some((r) => (k.fields[r as keyof ItemFields]?.length ?? 0) > 0),
);

const policy = scrubPolicyOf(DEFAULT_PRIVACY);
const CARD = '4111111111111111';
const TEXT = `card ${CARD} with Bearer abcdef123456 and password=hunter2`;
const SECRETS = [CARD, 'abcdef123456', 'hunter2'];
// A source line: `name=value` there is code, so only the value rules apply.
const CODE = `charge("${CARD}", "Bearer abcdef123456")`;

/** An item holding TEXT at every path its kind declares (arrays of one element), so a typo in a path is caught. */
function itemWithEveryField(fields: ItemFields): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const rule of Object.keys(fields) as (keyof ItemFields)[]) {
    for (const path of fields[rule] ?? []) {
      const steps = parseFieldPath(path);
      let node: Record<string, unknown> = root;
      steps.forEach(([name, many], i) => {
        const last = i === steps.length - 1;
        const leaf = rule === 'text' ? TEXT : rule === 'code' ? CODE : { password: 'hunter2', note: TEXT };
        if (many) {
          const arr = (node[name] ??= [last ? leaf : {}]) as unknown[];
          node = arr[0] as Record<string, unknown>;
        } else {
          node = (node[name] ??= last ? leaf : {}) as Record<string, unknown>;
        }
      });
    }
  }
  return root;
}

const leaks = (v: unknown) => SECRETS.filter((s) => JSON.stringify(v).includes(s));

describe('scrubItem over every kind’s declaration', () => {
  it('every kind but check-ins declares fields', () => {
    expect(DECLARING.map((k) => k.name).sort()).toEqual([
      'attachments',
      'events',
      'feedback',
      'logs',
      'metrics',
      'profiles',
      'replays',
      'sessions',
      'spans',
    ]);
  });

  it.each(DECLARING.map((k) => [k.name, k.fields] as const))(
    '%s: every declared field is scrubbed',
    (_name, fields) => {
      const item = itemWithEveryField(fields);
      expect(leaks(item)).toEqual(SECRETS);
      expect(leaks(scrubItem(item, fields, policy))).toEqual([]);
    },
  );

  it('leaves fields it does not declare, and identifiers, as they are', () => {
    const span = {
      description: `GET /cards/${CARD}/verify`,
      transaction: `GET /cards/${CARD}/verify`,
      op: 'http.server',
      release: CARD,
      data: null,
    };
    scrubItem(span, spans.fields, policy);
    expect(span).toEqual({
      description: 'GET /cards/[Filtered]/verify',
      transaction: 'GET /cards/[Filtered]/verify',
      op: 'http.server',
      release: CARD,
      data: null,
    });
  });

  it('filters every cookie value with the defaults on, and only sensitive ones with them off', () => {
    const withDefaults = scrubItem({ request: { cookies: { theme: 'dark', sid: 'x1' } } }, ERROR_FIELDS, policy);
    expect(withDefaults.request.cookies).toEqual({ theme: '[Filtered]', sid: '[Filtered]' });
    const off = scrubPolicyOf({ ...DEFAULT_PRIVACY, scrubDefaults: false, sensitiveFields: ['sid'] });
    expect(
      scrubItem({ request: { cookies: { theme: 'dark', sid: 'x1' } } }, ERROR_FIELDS, off).request.cookies,
    ).toEqual({ theme: 'dark', sid: '[Filtered]' });
  });

  it('walks arrays at any step and skips values of the wrong shape', () => {
    const event = {
      exception: { causes: [{ value: TEXT, stacktrace: { frames: [{ pre_context: [CODE, 'x'] }, null] } }, 7] },
      breadcrumbs: 'not a list',
    };
    scrubItem(event, ERROR_FIELDS, policy);
    expect(leaks(event)).toEqual([]);
    expect(event.breadcrumbs).toBe('not a list');
  });

  it('keeps source lines whose name==value is code, filtering only the value rules there', () => {
    const event = { exception: { stacktrace: { frames: [{ context_line: `if (token==x) charge("${CARD}")` }] } } };
    scrubItem(event, ERROR_FIELDS, policy);
    expect(event.exception.stacktrace.frames[0].context_line).toBe('if (token==x) charge("[Filtered]")');
  });
});
