// How the tag rollup, the issue search and the issue page name an event's feature flags (`flags.<name>`) and its
// contexts' values (`contexts.<name>.<key>`) beside its tags (#58). A leaf, so the dashboard's components can read it.
export const FLAG_PREFIX = 'flags.';
export const CONTEXT_PREFIX = 'contexts.';
