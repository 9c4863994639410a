import type { FastifyPluginAsync } from 'fastify';
import { startPeriodic, whileOpen } from '../../lib/periodic.ts';
import { tidySearchIndex } from './tools.service.ts';

/** How often the search index is tidied (a run with nothing to merge costs one statement). */
export const SEARCH_UPKEEP_INTERVAL_MS = 5 * 60 * 1000;

/**
 * SQLite: from start-up until the app closes, merges the catalog search index's segments every
 * SEARCH_UPKEEP_INTERVAL_MS (tidySearchIndex), so searches read one list per word however the
 * catalog was written. PostgreSQL's autovacuum keeps its index: nothing to do there.
 */
export const searchIndexUpkeep: FastifyPluginAsync = async (app) => {
  if (app.dialect !== 'sqlite') return;
  whileOpen(app, () =>
    startPeriodic(
      () => tidySearchIndex(app),
      SEARCH_UPKEEP_INTERVAL_MS,
      (error) => app.log.error({ err: error }, 'tidying the search index failed; will try again'),
    ),
  );
};
