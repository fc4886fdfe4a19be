// Profiles (#47): transaction `profile` items (Sentry's sample format version 1) and continuous-profiling
// `profile_chunk` items (version 2, @sentry/profiling-node's `profileLifecycle`), one row per profile. Frames carry
// file paths and function names, thread names free text: the one scrubber reads them before anything is stored.
// A profile's payload may use the large-envelope allowance (a busy minute of samples passes 1 MiB) up to its own cap.
import { defineKind, jsonOrRefusal } from '../kind';
import { parseProfile, PROFILE_MAX_BYTES, type ProfileRow } from './parse-profile';
import { storeProfiles } from './profile-writer';

export type { ProfileRow } from './parse-profile';
export { foldFunctionHours } from './function-fold';

export const profiles = defineKind<ProfileRow>({
  name: 'profiles',
  itemTypes: { profile: 'profile', profile_chunk: 'profile' },
  fileTypes: ['profile', 'profile_chunk'],
  fields: {
    text: ['frames[].function', 'frames[].module', 'frames[].file', 'threads[].name'],
  },
  parse(item, type, ctx) {
    if (item.payload.length > PROFILE_MAX_BYTES) return { items: [], refused: ['too_large'] };
    const payload = jsonOrRefusal(ctx);
    if (Array.isArray(payload)) return { items: [], invalid: payload };
    const r = parseProfile({ payload, type, path: ctx.path });
    return 'row' in r ? { items: [r.row] } : { items: [], invalid: r.invalid };
  },
  store: (key, items, ctx) => storeProfiles(key, items, ctx.count),
});
