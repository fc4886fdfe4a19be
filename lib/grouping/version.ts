// The grouping versions: which rules group a project's events. A leaf: ingest groups by it, projects are created with
// the latest, and the project settings show it.
import { GROUPING_VERSIONS } from '@/lib/zod/grouping';

/**
 * Which rules group a project's Sentry events. 1: the rules until #28. 2: messages (captureMessage with a stack,
 * synthetic exceptions) by their template and in-app frames; non-JavaScript frames by their source line. 3 (#43): as
 * 2, but a message's frames by the contract's key (file and function), never their source lines. A project keeps
 * the version it was created with, so stored issues are never silently regrouped; its grouping settings may change
 * it (#63), the version replaced grouping beside the new one for a transition window (lib/grouping/project-grouping).
 */
export type GroupingVersion = (typeof GROUPING_VERSIONS)[number];
export const LATEST_GROUPING_VERSION: GroupingVersion = GROUPING_VERSIONS[GROUPING_VERSIONS.length - 1];

/** The version a stored project number stands for (the column's default was 2 before version 3 existed). */
export function groupingVersionOf(stored: number): GroupingVersion {
  return stored === 1 || stored === 2 ? stored : 3;
}
