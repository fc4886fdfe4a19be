'use client';

import type { AttachmentInfo } from '@/lib/swr/use-feedback';

const size = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Attachments with size and type; raster images shown inline, everything else a download (served so it never runs). */
export function AttachmentList({
  attachments,
  label = 'Attachments',
}: {
  attachments: AttachmentInfo[];
  label?: string;
}) {
  if (attachments.length === 0) return null;
  return (
    <section aria-label={label} className="space-y-2" data-testid="attachments">
      <h3 className="text-sm font-semibold">{label}</h3>
      <ul className="space-y-2">
        {attachments.map((a) => (
          <li key={a.id} className="space-y-1 text-sm">
            <a href={a.url} download={a.filename} className="font-medium text-link underline underline-offset-2">
              {a.filename}
            </a>{' '}
            <span className="text-fg-muted">
              {a.contentType} · {size(a.size)}
            </span>
            {a.inlineUrl && (
              // Same-origin, served as the image it is (nosniff); `inline` only for raster types.
              // eslint-disable-next-line @next/next/no-img-element
              <img
                src={a.inlineUrl}
                alt={`Attachment ${a.filename}`}
                className="block max-h-80 max-w-full rounded border border-line"
                loading="lazy"
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
