import { describe, expect, it } from 'vitest';
import { ITEM_FIELDS, type ItemFields, type ScrubbedKind } from './item-fields';
import { scrubPolicyOf, DEFAULT_PRIVACY } from './policy';
import { parseFieldPath, scrubItem } from './scrub-item';

const policy = scrubPolicyOf(DEFAULT_PRIVACY);
const CARD = '4111111111111111';
const TEXT = `card ${CARD} with Bearer abcdef123456 and password=hunter2`;
const SECRETS = [CARD, 'abcdef123456', 'hunter2'];
// A source line: `name=value` there is code, so only the value rules apply.
const CODE = `charge("${CARD}", "Bearer abcdef123456")`;

/** An item holding TEXT at every path its kind declares (arrays of one element), so a typo in a path is caught. */
function itemWithEveryField(kind: ScrubbedKind): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  const fields: ItemFields = ITEM_FIELDS[kind];
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

describe('scrubItem', () => {
  it.each(Object.keys(ITEM_FIELDS) as ScrubbedKind[])('%s: every declared field is scrubbed', (kind) => {
    const item = itemWithEveryField(kind);
    expect(leaks(item)).toEqual(SECRETS);
    expect(leaks(scrubItem(kind, item, policy))).toEqual([]);
  });

  it('leaves fields it does not declare, and identifiers, as they are', () => {
    const span = { description: `GET /cards/${CARD}/verify`, transaction: `GET /cards/${CARD}/verify`, op: 'http.server', release: CARD, data: null };
    scrubItem('span', span, policy);
    expect(span).toEqual({ description: 'GET /cards/[Filtered]/verify', transaction: 'GET /cards/[Filtered]/verify', op: 'http.server', release: CARD, data: null });
  });

  it('filters every cookie value with the defaults on, and only sensitive ones with them off', () => {
    const withDefaults = scrubItem('error', { request: { cookies: { theme: 'dark', sid: 'x1' } } }, policy);
    expect(withDefaults.request.cookies).toEqual({ theme: '[Filtered]', sid: '[Filtered]' });
    const off = scrubPolicyOf({ ...DEFAULT_PRIVACY, scrubDefaults: false, sensitiveFields: ['sid'] });
    expect(scrubItem('error', { request: { cookies: { theme: 'dark', sid: 'x1' } } }, off).request.cookies).toEqual({ theme: 'dark', sid: '[Filtered]' });
  });

  it('walks arrays at any step and skips values of the wrong shape', () => {
    const event = { exception: { causes: [{ value: TEXT, stacktrace: { frames: [{ pre_context: [CODE, 'x'] }, null] } }, 7] }, breadcrumbs: 'not a list' };
    scrubItem('error', event, policy);
    expect(leaks(event)).toEqual([]);
    expect(event.breadcrumbs).toBe('not a list');
  });

  it('keeps source lines whose name==value is code, filtering only the value rules there', () => {
    const event = { exception: { stacktrace: { frames: [{ context_line: `if (token==x) charge("${CARD}")` }] } } };
    scrubItem('error', event, policy);
    expect(event.exception.stacktrace.frames[0].context_line).toBe('if (token==x) charge("[Filtered]")');
  });
});
