import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * Finding orders (issue 16): on PostgreSQL, trigram indexes (pg_trgm, GIN) on the text Manage
 * All Orders searches, so a part of an email, a name, a PO number, a tool name or a SKU is found
 * through an index: the order's `lower(buyer_email || chr(10) || buyer_name || chr(10) ||
 * coalesce(po_number, ''))` and the line's `lower(tool_name || chr(10) || sku)`, the very
 * expressions the search compares (orders.repository.ts, textMatches). Where the database does
 * not let us install pg_trgm, there are no such indexes and the search reads the table
 * (docs/operations.md). SQLite gets nothing: its search is a scan (see ordersMatching for why).
 */
export function orderSearch(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`do $$ begin
        create extension if not exists pg_trgm with schema public;
      exception when others then
        raise notice 'pg_trgm is not available: the order search reads the tables';
      end $$`.execute(db);
      const found = await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'
      `.execute(db);
      const ns = found.rows[0]?.schema;
      if (!ns) return;
      const ops = sql.ref(`${ns}.gin_trgm_ops`);
      await sql`create index orders_search_trgm_idx on orders
        using gin (lower(buyer_email || chr(10) || buyer_name || chr(10) || coalesce(po_number, '')) ${ops})`.execute(db);
      await sql`create index order_line_search_trgm_idx on order_line using gin (lower(tool_name || chr(10) || sku) ${ops})`.execute(db);
    },
    async down(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`drop index if exists orders_search_trgm_idx`.execute(db);
      await sql`drop index if exists order_line_search_trgm_idx`.execute(db);
    },
  };
}
