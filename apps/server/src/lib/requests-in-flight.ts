import type { ServerResponse } from 'node:http';

/** Requests of this process's servers that the router has taken and not yet answered. */
let inFlight = 0;
const answered = () => {
  inFlight -= 1;
};

/**
 * Counts a request until its response closes (sent in full, or its client gone): the app's
 * server calls it for every request it hands to the router; the answers sent before the router
 * (lib/prepared-answer.ts) are sent at once and not counted. Process-wide, as the event loop is.
 */
export function countInFlight(response: ServerResponse): void {
  inFlight += 1;
  response.once('close', answered);
}

/** How many requests wait for their answer now: background work gives way while there are many (docs/decisions/023). */
export function requestsInFlight(): number {
  return inFlight;
}
