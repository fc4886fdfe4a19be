// A new ticket's text in Markdown (#64), for the trackers that read it (GitHub, GitLab, Linear): the issue's title
// and culprit, a link back, its counts and the top in-app frames. Jira writes the same draft in its own formats.
import type { TicketDraft } from './provider';

/** Backticks in a frame or culprit would end the code span or block they are shown in. */
const code = (s: string) => s.replace(/`/g, "'");

export function frameLine(f: TicketDraft['frames'][number]): string {
  return `${f.function ?? '<anonymous>'} (${f.filename}${f.lineno != null ? `:${f.lineno}` : ''})`;
}

export function markdownBody(d: TicketDraft): string {
  const rows: [string, string][] = [
    ['Project', d.project],
    ['Level', d.level.toLowerCase()],
    ...(d.culprit ? ([['Culprit', `\`${code(d.culprit)}\``]] as [string, string][]) : []),
    ['Events', String(d.eventCount)],
    ['Users', String(d.userCount)],
    ['First seen', d.firstSeen],
    ['Last seen', d.lastSeen],
  ];
  const parts = [
    `**[${d.title.replace(/[[\]]/g, '\\$&')}](${d.issueUrl})** in Tracker`,
    ['| | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v.replace(/\|/g, '\\|')} |`)].join('\n'),
  ];
  if (d.frames.length)
    parts.push(
      ['**Top frames** (innermost first)', '```', ...d.frames.map((f) => code(frameLine(f))), '```'].join('\n'),
    );
  return parts.join('\n\n');
}
