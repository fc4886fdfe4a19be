import { Suspense } from 'react';
import type { Metadata } from 'next';
import { SlackLinkPage } from '@/components/integrations/slack-link';

export const metadata: Metadata = { title: 'Link your Slack account' };

export default function SlackLink() {
  return (
    <Suspense>
      <SlackLinkPage />
    </Suspense>
  );
}
