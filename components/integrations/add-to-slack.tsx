'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { api, errorMessage } from '@/lib/swr/fetcher';

/** "Add to Slack" (#64): to Slack's authorize page with a signed state; Slack sends the admin back connected. */
export function AddToSlack() {
  const [error, setError] = useState<string | null>(null);
  const go = async () => {
    try {
      const { url } = await api<{ url: string }>('/api/v1/organization/integrations/slack/install');
      window.location.assign(url);
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={go}>
        Add to Slack
      </Button>
      {error && (
        <p role="alert" className="text-sm text-fg-secondary">
          {error}
        </p>
      )}
    </div>
  );
}
