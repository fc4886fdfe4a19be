// Reading an issue's suspect commits (#49) through the API, for the suspect-commit tests.
import { expect } from 'vitest';
import type { TestClient } from './client';

/** The issue of the project with this title, as the list answers it; fails when there is none. */
export async function issueTitled(projectId: string, client: TestClient, title: string) {
  const list = await client.get(`/api/v1/projects/${projectId}/issues`);
  const issue = list.body.data.issues.find((i: { title: string }) => i.title === title);
  expect(issue, `issue "${title}"`).toBeDefined();
  return issue as { id: string };
}

export const suspectsOf = (client: TestClient, projectId: string, issueId: string) =>
  client.get(`/api/v1/projects/${projectId}/issues/${issueId}/suspect-commits`);
