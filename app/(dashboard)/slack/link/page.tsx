import type { Metadata } from 'next';
import { SlackLinkPage } from '@/components/integrations/slack-link';

export const metadata: Metadata = { title: 'Link your Slack account' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SlackLink({ searchParams }: Props) {
  const token = (await searchParams).token;
  return <SlackLinkPage token={typeof token === 'string' ? token : ''} />;
}
