import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { EmailLayout } from './layout';

export type FeedbackEmailProps = {
  projectName: string;
  message: string;
  from: string | null;
  url: string | null;
  feedbackUrl: string;
};

export default function FeedbackEmail({ projectName, message, from, url, feedbackUrl }: FeedbackEmailProps) {
  return (
    <EmailLayout
      preview={`New feedback in ${projectName}: ${message.slice(0, 80)}`}
      heading={`New user feedback in ${projectName}`}
    >
      <Text>
        {from ? `${from} wrote` : 'Someone wrote'}
        {url ? ` on ${url}` : ''}:
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap', borderLeft: '3px solid #d1d5db', paddingLeft: '12px' }}>
        {message.slice(0, 2000)}
      </Text>
      <Button
        href={feedbackUrl}
        style={{ backgroundColor: '#111827', color: '#ffffff', padding: '10px 16px', borderRadius: '6px' }}
      >
        Open the feedback
      </Button>
    </EmailLayout>
  );
}
