// Cron check-ins (#32, #44): `check_in` items applied to their monitor (created from `monitor_config` when it is
// new), each on its own: one whose monitor is unknown is counted invalid, one that fails is logged and counted, the
// rest applied. Slug, status, environment and schedule are identifiers or validated values: nothing to scrub.
import { logger } from '@/lib/log';
import { recordOutcome } from '@/lib/outcomes/record-outcome';
import { defineKind, jsonOrRefusal, PROCESSING_ERROR } from '../kind';
import { processCheckIn } from './monitors';
import { parseCheckIn, type CheckIn } from './parse-checkin';

export {
  afterRuns,
  detectMonitorFailures,
  MAX_MONITORS,
  monitorFingerprint,
  processCheckIn,
  settle,
  type RunResults,
} from './monitors';
export { CHECKIN_STATUSES, parseCheckIn, type CheckIn } from './parse-checkin';
export * from './schedule';
export * from './monitor-schemas';

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
  async store(key, items) {
    for (const c of items) {
      try {
        const done = await processCheckIn(key, c);
        recordOutcome({
          projectId: key.projectId,
          category: 'monitor',
          outcome: done === 'stored' ? 'accepted' : 'invalid',
          reason: done === 'stored' ? '' : 'unknown_monitor',
        });
      } catch (err) {
        logger.error({ err, projectId: key.projectId }, 'a check-in failed; the envelope’s other items are kept');
        recordOutcome({
          projectId: key.projectId,
          category: 'monitor',
          outcome: 'invalid',
          reason: PROCESSING_ERROR,
        });
      }
    }
  },
});
