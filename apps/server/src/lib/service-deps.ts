import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DialectName } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../modules/mail/outbox.ts';
import type { PaymentGateway } from '../modules/payments/payments.gateway.ts';
import type { TtlCache } from './ttl-cache.ts';
import type { SearchKeyStats } from '../modules/tools/tools.search-stats.ts';
import type { SearchVocabulary } from '../modules/tools/tools.suggest.ts';

/**
 * The one shape in which services receive what they use, decorated on the app by its plugins
 * (database, mail, payments): a route passes `app`, a test passes the app or a copy with one
 * part replaced. A service that needs only some of it takes a `Pick` of this type.
 */
export interface ServiceDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  paymentGateway: PaymentGateway;
  mailer: Mailer;
  log: FastifyBaseLogger;
  config: Config;
  /** The catalog's cached reads: cleared after every stock change. */
  catalogCache: TtlCache<unknown>;
  /** PostgreSQL: how common the search index's keys are; undefined on SQLite. */
  searchKeyStats?: SearchKeyStats | undefined;
  /** The words of the tools' names a search that finds nothing is corrected to ("Did you mean"); none: no suggestions. */
  searchVocabulary?: SearchVocabulary | undefined;
}
