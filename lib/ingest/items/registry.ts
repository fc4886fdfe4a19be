// Every kind of data ingest stores, one line each. The order they run in is not this list's: a kind names the kinds
// it runs after (`after`: spans and attachments share their events' fate), and the kinds run in that order, the rest
// by name. A new kind is a folder beside these and one line here.
import { attachments } from './attachments';
import { checkIns } from './check-ins';
import { events } from './events';
import { feedback } from './feedback';
import type { AnyKind } from './kind';
import { runOrder } from './kind-order';
import { logs } from './logs';
import { metrics } from './metrics';
import { profiles } from './profiles';
import { replays } from './replays';
import { sessions } from './sessions';
import { spans } from './spans';

/** Every kind, in the order they run (each after the kinds it names; ties by name). */
export const ITEM_KINDS: readonly AnyKind[] = runOrder([
  attachments,
  checkIns,
  events,
  feedback,
  logs,
  metrics,
  profiles,
  replays,
  sessions,
  spans,
]);

/** The kinds that read a Sentry item type, in the order they run. */
export function kindsOf(itemType: string): readonly AnyKind[] {
  return ITEM_KINDS.filter((k) => Object.hasOwn(k.itemTypes, itemType));
}

/** The kind whose outcome answers a request (an envelope answers for its events). */
export const ANSWERING_KIND: AnyKind | undefined = ITEM_KINDS.find((k) => k.answers);

/** Whether an item type's payload is a file (an attachment, a replay recording): the large-envelope allowance. */
export function isFileType(itemType: string): boolean {
  return ITEM_KINDS.some((k) => k.fileTypes?.includes(itemType));
}
