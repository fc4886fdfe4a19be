// Cron check-ins (#32, #44): `check_in` items read here and applied to their monitor by lib/monitors (created from
// `monitor_config` when it is new), each on its own: one whose monitor is unknown is counted invalid, one that fails
// is logged and counted, the rest applied. Slug, status, environment and schedule are identifiers or validated
// values: nothing to scrub.
import { logger } from '@/lib/log';
import { processCheckIn } from '@/lib/monitors/check-ins';
import type { CheckIn } from '@/lib/monitors/types';
import { defineKind, jsonOrRefusal, PROCESSING_ERROR } from '../kind';
import { failureEvents } from './failure-events';
import { parseCheckIn } from './parse-checkin';

export { failureEvents } from './failure-events';
export { parseCheckIn } from './parse-checkin';

export const checkIns = defineKind<CheckIn>({
  name: 'check-ins',
  itemTypes: { check_in: 'monitor' },
  fields: {},
  parse(_item, _type, ctx) {
    const payload = jsonOrRefusal(ctx);
    if (Array.isArray(payload)) return { items: [], invalid: payload };
    const r = parseCheckIn(payload, ctx.path, ctx.sentAt);
    return Array.isArray(r) ? { items: [], invalid: r } : { items: [r] };
  },
  async store(key, items, ctx) {
    for (const c of items) {
      try {
        const done = await processCheckIn(key.projectId, c, { events: failureEvents(key) });
        ctx.count({
          projectId: key.projectId,
          category: 'monitor',
          outcome: done === 'stored' ? 'accepted' : 'invalid',
          reason: done === 'stored' ? '' : 'unknown_monitor',
        });
      } catch (err) {
        logger.error({ err, projectId: key.projectId }, 'a check-in failed; the envelope’s other items are kept');
        ctx.count({
          projectId: key.projectId,
          category: 'monitor',
          outcome: 'invalid',
          reason: PROCESSING_ERROR,
        });
      }
    }
  },
});
