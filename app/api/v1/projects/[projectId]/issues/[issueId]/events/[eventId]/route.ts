import { projectRead } from '@/lib/http/project-read';
import { getEvent } from '@/lib/events/get-event';
import { eventParams } from '@/lib/zod/issues';

export const GET = projectRead('Event fetched', { params: eventParams }, getEvent);
