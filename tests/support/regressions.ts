// The project of the regression tests (#20) and the calls they make in it.
import { db } from '@/lib/db';
import { handleIngest } from '@/lib/ingest/protocols/native';
import { alertProject } from './alerts';
import { errorEnvelope } from '../api/ingest-helpers';

/** An alert project (./alerts) that also sends bursts, resolves its issues, makes releases and counts regressions. */
export async function setup(name = 'Checkout') {
  const s = await alertProject(name);
  const { project, key } = s;
  const issuesPath = `/api/v1/projects/${project.id}/issues`;
  /** Many events at once, in-process, so they share batches (and fill several when there are more than MAX_BATCH). */
  const burst = (n: number, group = 'a') =>
    Promise.all(
      Array.from({ length: n }, () =>
        handleIngest({
          projectId: project.id,
          method: 'POST',
          headers: { 'x-ingest-auth': `ingest_key=${key}` },
          searchParams: new URLSearchParams(),
          body: Buffer.from(JSON.stringify(errorEnvelope({ fingerprint: [group] }))),
        }),
      ),
    );
  const issue = async (group = 'a') => {
    await s.ingest(group);
    const row = await db.issue.findFirstOrThrow({ where: { projectId: project.id }, orderBy: { createdAt: 'desc' } });
    return row.id;
  };
  const patch = (id: string, body: unknown) => s.client.patch(`${issuesPath}/${id}`, body);
  const get = async (id: string) => (await s.client.get(`${issuesPath}/${id}`)).body.data;
  const release = async (version: string) => {
    const res = await s.client.post(`/api/v1/projects/${project.id}/releases`, { version });
    if (res.status !== 201 && res.status !== 200) throw new Error(`create release failed: ${res.status} ${res.text}`);
  };
  const regressedEntries = (id: string) => db.issueActivity.count({ where: { issueId: id, type: 'REGRESSED' } });
  return { ...s, burst, issue, patch, get, release, regressedEntries };
}
