import type { Metadata } from 'next';
import { FeedbackInbox } from '@/components/feedback/feedback-inbox';
import { projectPage } from '@/components/dashboard/project-page';

export const metadata: Metadata = { title: 'Feedback' };

export default projectPage(FeedbackInbox);
