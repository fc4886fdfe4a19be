'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { copyText } from '@/components/ui/copy-button';

/** The signing secret comes only in the create response: shown here once, with a copy button. */
export function WebhookSecretNotice({
  ruleName,
  secret,
  onDismiss,
}: {
  ruleName: string;
  secret: string;
  onDismiss: () => void;
}) {
  const [copied, setCopied] = useState<'yes' | 'failed'>();

  async function copy() {
    setCopied((await copyText(secret)) ? 'yes' : 'failed');
  }

  return (
    <section
      aria-labelledby="secret-heading"
      className="rounded-xl border border-warning-line bg-warning-soft p-5 text-sm text-warning-fg"
    >
      <h2 id="secret-heading" className="font-semibold">
        Copy the webhook signing secret of “{ruleName}” now
      </h2>
      <p className="mt-1">
        It is shown only this once. Each webhook carries{' '}
        <code className="font-mono">X-Webhook-Signature: sha256=&lt;HMAC-SHA256 of the body&gt;</code> made with it, so
        your receiver can check the request came from here.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code
          data-testid="webhook-secret"
          className="min-w-0 flex-1 rounded-md border border-warning-line bg-surface px-3 py-2 font-mono text-[13px] break-all text-fg"
        >
          {secret}
        </code>
        <Button variant="secondary" onClick={copy}>
          Copy secret
        </Button>
        <Button variant="ghost" onClick={onDismiss}>
          Done
        </Button>
      </div>
      <p aria-live="polite" className="mt-2 min-h-5 text-xs">
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'failed'
            ? 'Copying is blocked here; select the text and copy it by hand.'
            : ''}
      </p>
    </section>
  );
}
