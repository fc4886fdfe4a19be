'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { api, errorMessage, fetcher } from '@/lib/swr/fetcher';

type SlackLink = { integrationId: string; integration: string; slackUserId: string };

/** The page a Slack user's "link your account" opens (#64): the signed-in member links that Slack user to themselves. */
export function SlackLinkPage({ token }: { token: string }) {
  const path = `/api/v1/organization/slack/link?token=${encodeURIComponent(token)}`;
  const { data, error } = useSWR<SlackLink>(token ? path : null, fetcher);
  const [state, setState] = useState<{ done?: boolean; error?: string; busy?: boolean }>({});
  const link = async () => {
    setState({ busy: true });
    try {
      await api('/api/v1/organization/slack/link', { method: 'POST', body: { token } });
      setState({ done: true });
    } catch (err) {
      setState({ error: errorMessage(err) });
    }
  };
  return (
    <div className="space-y-6">
      <PageHeader title="Link your Slack account" description="Buttons you press in Slack then act as you." />
      {!token && <ErrorState error={new Error('No token')} title="This link is incomplete" />}
      {error && <ErrorState error={error} title="This link cannot be used" />}
      {token && !data && !error && <LoadingState label="Reading the link" />}
      {data && (
        <Card>
          <p className="text-sm" data-testid="slack-link-summary">
            Link the Slack user <code>{data.slackUserId}</code> of {data.integration} to your account.
          </p>
          {state.done ? (
            <p role="status" className="mt-3 text-sm" data-testid="slack-linked">
              Linked. Press the button in Slack again.
            </p>
          ) : (
            <Button className="mt-3" onClick={link} disabled={state.busy}>
              Link my Slack account
            </Button>
          )}
          {state.error && (
            <p role="alert" className="mt-3 text-sm text-danger">
              {state.error}
            </p>
          )}
        </Card>
      )}
    </div>
  );
}
