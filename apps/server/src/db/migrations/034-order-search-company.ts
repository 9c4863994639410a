import { sql, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';
import { ORDER_SEARCH_PENDING_LIST_KB } from './033-order-search-short-pending-lists.ts';

/** The order text Manage All Orders searches on PostgreSQL (orders.repository.ts, textMatches), before and after. */
const orderSearchText = (withCompany: boolean) =>
  `buyer_email || chr(10) || buyer_name || chr(10) || coalesce(po_number, '')${withCompany ? " || chr(10) || coalesce(buyer_company, '')" : ''}`;

/**
 * Finding orders by the buyer's company (the name copied onto the order from their business
 * profile, migration 021), as by their email or name: on PostgreSQL, the order's trigram index
 * (migration 017, with 033's short pending list) is made again over the order text with the
 * company added. Only where pg_trgm let 017 make it; SQLite's search is a scan and needs
 * nothing. Building the index holds writes to `orders` for as long as it takes (about a second
 * for 100,000 orders).
 */
export function orderSearchCompany(dialect: DialectName): Migration {
  const remake = async (db: Parameters<Migration['up']>[0], withCompany: boolean) => {
    if (dialect !== 'postgres') return;
    const found = await sql<{ schema: string }>`
      select n.nspname as schema
      from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm' and to_regclass('orders_search_trgm_idx') is not null
    `.execute(db);
    const ns = found.rows[0]?.schema;
    if (!ns) return;
    await sql`drop index orders_search_trgm_idx`.execute(db);
    await sql`create index orders_search_trgm_idx on orders
      using gin (lower(${sql.raw(orderSearchText(withCompany))}) ${sql.ref(`${ns}.gin_trgm_ops`)})
      with (gin_pending_list_limit = ${sql.raw(String(ORDER_SEARCH_PENDING_LIST_KB))})`.execute(db);
  };
  return {
    up: (db) => remake(db, true),
    down: (db) => remake(db, false),
  };
}
