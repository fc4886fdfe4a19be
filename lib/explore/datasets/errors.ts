// Error events: every event of every issue, with its level, release, user and contexts, and any tag by its key
// (contexts.<name>.<key> reads a context's value, tags.<key> a tag whose name a field also has).
import type { Dataset } from '../dataset';
import { numberOfText } from './sql';

/** `contexts.os.name` → the context `os` and its key `name` (a key may hold dots itself). */
function contextPath(key: string): [string, string] | null {
  const m = /^contexts\.([^.]+)\.(.+)$/.exec(key);
  return m ? [m[1], m[2]] : null;
}

// A key reaches SQL only as the bound parameter: a context's path as text[], a tag's name as text.
const value = (keyParam: string, key: string) =>
  contextPath(key) ? `(e.contexts #>> ${keyParam}::text[])` : `(e.tags ->> ${keyParam})`;

export const errors: Dataset = {
  name: 'errors',
  label: 'Errors',
  description: 'Error events of every issue: their level, release, user, tags and contexts',
  table: 'events',
  from: (sample, needs) => `events e${sample}${needs.has('issue') ? ' JOIN issues i ON i.id = e.issue_id' : ''}`,
  project: { sql: 'e.project_id', by: 'id' },
  time: 'e.timestamp',
  received: 'e.received_at',
  text: 'e.message',
  status: null,
  rates: ['epm'],
  noun: 'events',
  fields: [
    { name: 'project', type: 'string', sql: 'e.project_id', project: true, description: 'The project (by slug)' },
    { name: 'issue', type: 'string', sql: 'e.issue_id', description: 'The issue (its id)' },
    { name: 'title', type: 'string', sql: 'i.title', needs: ['issue'], description: 'The issue’s title' },
    { name: 'message', type: 'string', sql: 'e.message', description: 'The exception’s value or the message' },
    { name: 'level', type: 'string', sql: 'lower(e.level::text)', description: 'fatal, error, warning, info, debug' },
    { name: 'environment', type: 'string', sql: 'e.environment', description: 'The environment' },
    { name: 'release', type: 'string', sql: 'e.release', description: 'The release' },
    { name: 'platform', type: 'string', sql: "e.details ->> 'platform'", description: 'javascript, python, node…' },
    { name: 'transaction', type: 'string', sql: "e.details ->> 'transaction'", description: 'Where it happened' },
    { name: 'logger', type: 'string', sql: "e.details ->> 'logger'", description: 'The logger that sent it' },
    { name: 'server_name', type: 'string', sql: "e.details ->> 'serverName'", description: 'The host' },
    { name: 'sdk.name', type: 'string', sql: "e.details -> 'sdk' ->> 'name'", description: 'The SDK that sent it' },
    { name: 'user.id', type: 'string', sql: "e.user_context ->> 'id'", description: 'The user’s id' },
    { name: 'user.email', type: 'string', sql: "e.user_context ->> 'email'", description: 'The user’s email' },
    { name: 'user.username', type: 'string', sql: "e.user_context ->> 'username'", description: 'The username' },
    { name: 'user.ip', type: 'string', sql: "e.user_context ->> 'ip_address'", description: 'The user’s address' },
    { name: 'browser.name', type: 'string', sql: "e.contexts #>> '{browser,name}'", description: 'The browser' },
    { name: 'os.name', type: 'string', sql: "e.contexts #>> '{os,name}'", description: 'The operating system' },
    { name: 'device.family', type: 'string', sql: "e.contexts #>> '{device,family}'", description: 'The device' },
    { name: 'runtime.name', type: 'string', sql: "e.contexts #>> '{runtime,name}'", description: 'The runtime' },
    { name: 'trace', type: 'string', sql: "e.contexts #>> '{trace,trace_id}'", description: 'The trace id' },
  ],
  attributes: {
    noun: 'tag',
    bind: (key) => contextPath(key) ?? (key.startsWith('tags.') ? key.slice(5) : key),
    text: value,
    number: (keyParam, key) => numberOfText(value(keyParam, key)),
    has: (keyParam, key) => `${value(keyParam, key)} IS NOT NULL`,
  },
  sampleRows: () => 30_000,
  samples: {
    columns: `e.id, e.timestamp, e.project_id AS project, e.issue_id, e.message, lower(e.level::text) AS level`,
    // The events' index is (project, received_at): newest received first reads it in order.
    order: 'e.received_at',
    toSample: (r, projectId) => ({
      id: String(r.id),
      timestamp: (r.timestamp as Date).toISOString(),
      title: String(r.message),
      projectId,
      issueId: r.issue_id,
      level: r.level,
      href: `/projects/${encodeURIComponent(projectId)}/issues/${encodeURIComponent(String(r.issue_id))}/events/${encodeURIComponent(String(r.id))}`,
    }),
  },
};
