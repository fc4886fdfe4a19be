// Sentry's issue search, read with ours (lib/zod/search-query.ts, docs/search.md): the terms both languages share
// pass as they are, Sentry's names for ours are renamed, and a term ours cannot answer is refused with a 400 that
// names it, never searched as a tag that matches nothing. Pure: no I/O.
import { AppError } from '@/lib/errors';
import { parseSearchQuery, type SearchFilter } from '@/lib/zod/search-query';

/** Sentry's name → ours. */
const RENAMED_KEYS: Record<string, string> = {
  age: 'firstSeen',
  assigned_or_suggested: 'assigned',
  'user.email': 'user',
  'user.id': 'user',
  'user.username': 'user',
};
const RENAMED_IS: Record<string, string> = { archived: 'ignored', muted: 'ignored' };
/** Sentry search keys that name something we do not keep per issue: refused rather than read as a tag. */
const UNSUPPORTED_KEYS = new Set([
  'has',
  'timesseen',
  'times_seen',
  'bookmarks',
  'issue.category',
  'issue.type',
  'issue.priority',
  'issue.id',
  'issue.seer_actionability',
  'event.timestamp',
  'timestamp',
  'error.handled',
  'error.unhandled',
  'error.type',
  'error.value',
  'project',
  'detector',
  'regressed_in_release',
  'first_release',
  'firstRelease',
  'lastSeen.date',
]);

const TOKEN = /!?[^\s:"]+:(?:"(?:[^"\\]|\\.)*"|\S*)|"(?:[^"\\]|\\.)*"|\S+/g;

function refuse(message: string): never {
  throw new AppError('BAD_REQUEST', `Invalid search query: ${message}`);
}

/** One Sentry term in our language. */
function translate(token: string): string {
  const m = /^(!?)([^\s:"]+):(.*)$/s.exec(token);
  if (!m) return token;
  const [, bang, rawKey, value] = m;
  const key = RENAMED_KEYS[rawKey] ?? rawKey;
  if (UNSUPPORTED_KEYS.has(rawKey) || UNSUPPORTED_KEYS.has(rawKey.toLowerCase()))
    refuse(`"${rawKey}:" is not supported by this server (docs/api-compat.md lists the search terms)`);
  if (value.startsWith('[')) refuse(`lists of values ("${rawKey}:[…]") are not supported: write one term per value`);
  // Sentry's message and title searches are our free text (the title and culprit contain it).
  if (key === 'message' || key === 'title') return `${bang}${value.startsWith('"') ? value : JSON.stringify(value)}`;
  if (key === 'is') return `${bang}is:${RENAMED_IS[value.toLowerCase()] ?? value}`;
  if (key === 'release' && value === 'latest') refuse('"release:latest" is not supported: name the release');
  return `${bang}${key}:${value}`;
}

/** The filters of a Sentry issue search; a term ours cannot answer or that does not parse is Sentry's 400. */
export function sentrySearchFilters(query: string): SearchFilter[] {
  const ours = (query.match(TOKEN) ?? []).map(translate).join(' ');
  const parsed = parseSearchQuery(ours);
  if (!parsed.ok) refuse(`${parsed.reason} (in "${ours.slice(parsed.position, parsed.position + 40)}")`);
  return parsed.filters;
}
