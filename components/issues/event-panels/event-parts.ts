import type { readEvent } from '../event-shape';

/** The parts of a stored event, as readEvent reads them leniently. */
export type EventParts = ReturnType<typeof readEvent>;
