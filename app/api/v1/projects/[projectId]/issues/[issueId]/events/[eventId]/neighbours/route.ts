import { projectRead } from '@/lib/http/project-read';
import { getEventNeighbours } from '@/lib/events/get-event';
import { eventParams } from '@/lib/zod/issues';

export const GET = projectRead('Event neighbours fetched', { params: eventParams }, getEventNeighbours);
