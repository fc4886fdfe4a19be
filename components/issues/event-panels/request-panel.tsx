import { KeyValueList, presentRows } from '@/components/ui/key-value-list';
import { SectionCard } from '@/components/ui/section-card';
import type { EventParts } from './event-parts';

/** The HTTP request being served: method, URL, query, headers, cookies and body. */
export function RequestPanel({ request }: { request: EventParts['request'] }) {
  const rows = presentRows([
    ['Method', request?.method],
    ['URL', request?.url],
    ['Query', request?.query_string],
    ...Object.entries(request?.headers ?? {}).map(([k, v]): [string, string] => [k, v]),
    ...Object.entries(request?.cookies ?? {}).map(([k, v]): [string, string] => [`Cookie ${k}`, v]),
    [
      'Body',
      request?.data === undefined
        ? undefined
        : typeof request.data === 'string'
          ? request.data
          : JSON.stringify(request.data, null, 2),
    ],
  ]);
  if (rows.length === 0) return null;
  return (
    <SectionCard title="Request" className="@3xl:col-span-2">
      <KeyValueList rows={rows} />
    </SectionCard>
  );
}
