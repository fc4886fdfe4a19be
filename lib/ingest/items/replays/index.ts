// Session replays (#46): `replay_event` and `replay_recording` items of @sentry/browser's replayIntegration, one
// replay per replay id with its recording segments in order. The recording's rrweb events are declared a recording:
// the one scrubber reads every text node, attribute, input value, URL and captured network body with the project's
// rules, and what a person typed or read loses every card-number-like run of 12 digits or more, each keystroke's
// prefix included (#58), before anything is stored; the SDK's own masking is kept as sent.
import { defineKind, jsonOrRefusal } from '../kind';
import { parseRecording, parseReplayEvent, type ReplayParse, type ReplayRow } from './parse-replay';
import { storeReplays } from './replay-writer';

export { REPLAY_SEGMENT_MAX_INFLATED_BYTES, type ReplayRow } from './parse-replay';

export const replays = defineKind<ReplayRow>({
  name: 'replays',
  itemTypes: { replay_event: 'replay', replay_recording: 'replay' },
  fileTypes: ['replay_recording'],
  fields: {
    text: ['urls[]', 'user.id', 'user.email', 'user.username', 'user.name'],
    recordings: ['events'],
  },
  parse(item, type, ctx) {
    let r: ReplayParse;
    if (type === 'replay_recording') r = parseRecording(item, ctx.headerEventId);
    else {
      const payload = jsonOrRefusal(ctx);
      if (Array.isArray(payload)) return { items: [], invalid: payload };
      r = parseReplayEvent(payload, ctx.path);
    }
    if ('row' in r) return { items: [r.row] };
    return 'invalid' in r ? { items: [], invalid: r.invalid } : { items: [], refused: [r.refused] };
  },
  store: (key, items, ctx) => storeReplays(key, items, ctx.count),
});
