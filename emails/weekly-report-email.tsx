import { Img, Link } from '@react-email/components';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { EmailLayout } from './layout';

export type WeeklyReportIssue = { id: string; title: string; events: number; url: string };

export type WeeklyReportEmailProps = {
  projectName: string;
  /** Monday of the week and the Sunday that ends it (YYYY-MM-DD). */
  weekStart: string;
  weekLastDay: string;
  newIssues: { count: number; previous: number; issues: WeeklyReportIssue[] };
  regressedIssues: { count: number; previous: number; issues: WeeklyReportIssue[] };
  topIssues: WeeklyReportIssue[];
  events: { total: number; previous: number; days: { day: string; count: number; previous: number }[] };
  crashFreeSessions: { rate: number | null; previous: number | null; sessions: number };
  /** `cid:…` of the inline chart image. */
  chartSrc: string;
  issuesUrl: string;
};

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const cell = { padding: '4px 8px', fontSize: '13px', borderBottom: '1px solid #e5e7eb' };
const num = { ...cell, textAlign: 'right' as const };

/** "▲ 3 from 2", "▼ 1 from 4" or "same as last week". */
export function change(now: number, before: number, unit = ''): string {
  if (now === before) return 'same as last week';
  const diff = Math.round(Math.abs(now - before) * 100) / 100;
  return `${now > before ? '▲' : '▼'} ${diff}${unit} from ${before}${unit}`;
}

function Figure({ label, value, delta }: { label: string; value: string; delta: string }) {
  return (
    <tr>
      <td style={cell}>{label}</td>
      <td style={{ ...num, fontWeight: 600 }}>{value}</td>
      <td style={{ ...num, color: '#6b7280' }}>{delta}</td>
    </tr>
  );
}

function IssueList({ heading, issues, empty }: { heading: string; issues: WeeklyReportIssue[]; empty: string }) {
  return (
    <Section>
      <Text style={{ fontWeight: 600, margin: '16px 0 4px' }}>{heading}</Text>
      {issues.length === 0 ? (
        <Text style={{ color: '#6b7280', margin: 0 }}>{empty}</Text>
      ) : (
        issues.map((i) => (
          <Text key={i.id} style={{ margin: '0 0 4px', fontSize: '13px' }}>
            <Link href={i.url} style={{ color: '#4f46e5', fontFamily: 'ui-monospace, monospace' }}>
              {i.title}
            </Link>{' '}
            ({i.events} {i.events === 1 ? 'event' : 'events'})
          </Text>
        ))
      )}
    </Section>
  );
}

export default function WeeklyReportEmail(p: WeeklyReportEmailProps) {
  const cf = p.crashFreeSessions;
  return (
    <EmailLayout
      preview={`${p.projectName}, week of ${p.weekStart}: ${p.events.total} events, ${p.newIssues.count} new issues`}
      heading={`Weekly report: ${p.projectName}`}
    >
      <Text style={{ margin: '0 0 12px' }}>
        Week of {p.weekStart} to {p.weekLastDay} (UTC), against the week before.
      </Text>
      <table cellPadding={0} cellSpacing={0} style={{ width: '100%', borderCollapse: 'collapse' }}>
        <tbody>
          <Figure label="Events" value={String(p.events.total)} delta={change(p.events.total, p.events.previous)} />
          <Figure
            label="New issues"
            value={String(p.newIssues.count)}
            delta={change(p.newIssues.count, p.newIssues.previous)}
          />
          <Figure
            label="Regressed issues"
            value={String(p.regressedIssues.count)}
            delta={change(p.regressedIssues.count, p.regressedIssues.previous)}
          />
          <Figure
            label="Crash-free sessions"
            value={cf.rate === null ? 'no sessions' : `${cf.rate.toFixed(2)} %`}
            delta={
              cf.rate === null || cf.previous === null
                ? 'no sessions the week before'
                : change(cf.rate, cf.previous, ' %')
            }
          />
        </tbody>
      </table>
      <Text style={{ fontWeight: 600, margin: '16px 0 4px' }}>Events per day</Text>
      <Img
        src={p.chartSrc}
        width="512"
        height="200"
        alt={`Events per day, this week: ${p.events.days.map((d) => d.count).join(', ')}; last week: ${p.events.days.map((d) => d.previous).join(', ')}`}
        style={{ display: 'block', width: '100%', maxWidth: '512px', height: 'auto' }}
      />
      <Text style={{ fontSize: '12px', color: '#6b7280', margin: '4px 0' }}>
        <span style={{ color: '#4f46e5' }}>■</span> this week <span style={{ color: '#cbd5e1' }}>■</span> last week
      </Text>
      <table cellPadding={0} cellSpacing={0} style={{ width: '100%', borderCollapse: 'collapse' }}>
        <tbody>
          <tr>
            <td style={cell} />
            {p.events.days.map((d, i) => (
              <td key={d.day} style={num}>
                {WEEKDAYS[i]}
              </td>
            ))}
          </tr>
          <tr>
            <td style={cell}>This week</td>
            {p.events.days.map((d) => (
              <td key={d.day} style={num}>
                {d.count}
              </td>
            ))}
          </tr>
          <tr>
            <td style={cell}>Last week</td>
            {p.events.days.map((d) => (
              <td key={d.day} style={{ ...num, color: '#6b7280' }}>
                {d.previous}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <IssueList heading="Top issues" issues={p.topIssues} empty="No events this week." />
      <IssueList heading="New issues" issues={p.newIssues.issues} empty="No new issues this week." />
      <IssueList heading="Regressed issues" issues={p.regressedIssues.issues} empty="No regressions this week." />
      <Text style={{ fontSize: '12px', color: '#6b7280' }}>
        <Link href={p.issuesUrl}>All issues of {p.projectName}</Link>
      </Text>
    </EmailLayout>
  );
}
