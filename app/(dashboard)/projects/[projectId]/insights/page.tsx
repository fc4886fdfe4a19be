import { redirect } from 'next/navigation';

type Props = { params: Promise<{ projectId: string }>; searchParams: Promise<Record<string, string | string[]>> };

/** Insights opens on Queries, keeping the range and environment. */
export default async function InsightsPage({ params, searchParams }: Props) {
  const { projectId } = await params;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(await searchParams)) if (typeof v === 'string') q.set(k, v);
  redirect(`/projects/${encodeURIComponent(projectId)}/insights/queries${q.size ? `?${q}` : ''}`);
}
