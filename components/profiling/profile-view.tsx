'use client';

import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { ErrorState, isNotFound, LoadingState } from '@/components/ui/states';
import { formatCount, formatMs } from '@/components/performance/format';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { KeyValueList, presentRows } from '@/components/ui/key-value-list';
import { Select } from '@/components/ui/select';
import { TextLink } from '@/components/ui/text-link';
import { transactionHref } from '@/lib/swr/use-performance';
import { useProfile, type ProfileDetail } from '@/lib/swr/use-profiles';
import { projectPath } from '@/lib/swr/use-projects';
import { FlameGraph } from './flame-graph';
import { formatDateTime } from '@/lib/text/date-format';

/** One profile: what it belongs to, a thread picker (the busiest thread first) and that thread's flame graph. */
export function ProfileView({ projectId, profileId }: { projectId: string; profileId: string }) {
  const [threadId, setThreadId] = useState<string | null>(null);
  const { data, error, isLoading, mutate } = useProfile(projectId, profileId, threadId);
  // A function the Profiling page linked from: the graph opens zoomed on it.
  const params = useSearchParams();
  const fnName = params.get('function');
  const fnFile = params.get('file');
  const focusFunction = useMemo(() => (fnName ? { name: fnName, file: fnFile } : undefined), [fnName, fnFile]);
  const back = (
    <TextLink href={`/projects/${encodeURIComponent(projectId)}/profiling`} className="text-sm">
      ← Profiling
    </TextLink>
  );
  if (error)
    return (
      <div className="space-y-4">
        {back}
        <ErrorState
          error={error}
          title="Could not load the profile"
          notFoundTitle="Profile not found"
          retry={isNotFound(error) ? undefined : () => mutate()}
        />
      </div>
    );
  if (!data) return <LoadingState label="Loading the profile" />;
  return (
    <div className="min-w-0 space-y-6">
      <div className="space-y-3">
        {back}
        <div className="min-w-0">
          <h1
            className={cn(
              'text-xl font-semibold tracking-tight break-all sm:text-2xl',
              data.transaction !== null && 'font-mono',
            )}
          >
            {data.transaction ?? 'Continuous profile'}
          </h1>
          <p className="mt-1 text-sm text-fg-muted">
            {[
              ...(data.transaction !== null
                ? [data.kind === 'continuous' ? 'Continuous profile' : 'Transaction profile']
                : []),
              formatMs(data.durationMs),
              `${formatCount(data.sampleCount)} samples`,
              ...(data.release ? [data.release] : []),
            ].join(' · ')}
          </p>
        </div>
      </div>
      <Card>
        <Metadata projectId={projectId} data={data} />
      </Card>
      <section aria-labelledby="flame-heading" aria-busy={isLoading}>
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 id="flame-heading" className="text-lg font-semibold">
            Flame graph
          </h2>
          <ThreadPicker data={data} onPick={setThreadId} />
        </div>
        <div className="rounded-xl border border-line bg-surface p-3 shadow-sm sm:p-4">
          <FlameGraph root={data.root} label="Flame graph of the profile" focusFunction={focusFunction} />
        </div>
      </section>
    </div>
  );
}

function Metadata({ projectId, data }: { projectId: string; data: ProfileDetail }) {
  const link = (href: string, text: string) => (
    <TextLink href={href} className="font-mono text-xs">
      {text}
    </TextLink>
  );
  const rows = presentRows([
    ['Profile', data.id],
    ['Started', formatDateTime(data.start, { precision: 'second' })],
    ['Duration', formatMs(data.durationMs)],
    [
      'Transaction',
      data.transaction ? (
        <>
          {link(`${transactionHref(projectId, data.transaction)}#profile`, data.transaction)}
          {data.transactionCount > 1 && (
            <span className="ml-1 text-xs text-fg-muted">and {data.transactionCount - 1} more in this chunk</span>
          )}
        </>
      ) : null,
    ],
    ['Trace', data.traceId ? link(`/traces/${encodeURIComponent(data.traceId)}`, data.traceId) : null],
    ['Release', data.release],
    ['Environment', data.environment],
    ['Platform', data.platform],
    [
      'Export',
      <a
        key="raw"
        href={`${projectPath(projectId)}/profiles/${encodeURIComponent(data.id)}/raw`}
        download={`profile-${data.id}.json`}
        className="font-medium text-link underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-focus"
      >
        Sentry sample format (JSON)
      </a>,
    ],
  ]);
  const half = Math.ceil(rows.length / 2);
  // Two columns on a wide screen: the values are short, one column would leave most of the card empty.
  return (
    <div className="grid gap-x-10 gap-y-1.5 lg:grid-cols-2">
      <div>
        <KeyValueList rows={rows.slice(0, half)} />
      </div>
      <div>
        <KeyValueList rows={rows.slice(half)} />
      </div>
    </div>
  );
}

function ThreadPicker({ data, onPick }: { data: ProfileDetail; onPick: (id: string) => void }) {
  const id = useId();
  if (data.threads.length <= 1) {
    const only = data.threads[0];
    return only ? <p className="text-sm text-fg-muted">Thread {only.name ?? only.id}</p> : null;
  }
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Thread
      </label>
      <Select
        id={id}
        value={data.threadId ?? ''}
        onChange={(e) => onPick(e.target.value)}
        className="max-w-[16rem] min-w-0"
        data-testid="thread-picker"
      >
        {data.threads.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name ? `${t.name} (${t.id})` : t.id} · {formatCount(t.sampleCount)} samples
          </option>
        ))}
      </Select>
    </div>
  );
}
