// Every kind of data ingest stores, one line each, in the order an envelope's items are read and stored: the events
// first (their outcome is the answer, and their spans' and attachments' fate), attachments after them (they belong
// to the envelope's event), the independent kinds last. A new kind is a folder beside these and one line here.
import { attachments } from './attachments';
import { checkIns } from './check-ins';
import { events } from './events';
import { feedback } from './feedback';
import type { ItemKind } from './kind';
import { logs } from './logs';
import { profiles } from './profiles';
import { replays } from './replays';
import { sessions } from './sessions';
import { spans } from './spans';

export const ITEM_KINDS: readonly ItemKind[] = [
  events,
  spans,
  attachments,
  sessions,
  checkIns,
  feedback,
  logs,
  replays,
  profiles,
] as ItemKind[];

/** The kinds that read a Sentry item type, in registry order. */
export function kindsOf(itemType: string): readonly ItemKind[] {
  return ITEM_KINDS.filter((k) => Object.hasOwn(k.itemTypes, itemType));
}

/** Whether an item type's payload is a file (an attachment, a replay recording): the large-envelope allowance. */
export function isFileType(itemType: string): boolean {
  return ITEM_KINDS.some((k) => k.fileTypes?.includes(itemType));
}
