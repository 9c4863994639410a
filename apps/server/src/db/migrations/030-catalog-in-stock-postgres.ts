import { sql, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * Issue 12, item 6, PostgreSQL: the in-stock tools of a price range, counted from an index alone.
 * Counting an in-stock price range (the catalog's "in stock, $20 to $50", up to 1,001 matches)
 * read each tool of the range from the table to check its stock: at 100,000 tools 2 to 8 ms a
 * count, most of a filtered first page's time. SQLite counts from a partial index of the tools
 * in stock (migration 027); PostgreSQL cannot have that index on the tool table, as an index
 * whose key or condition reads the stock turns every order's stock update into one that writes
 * every index of the tool (migration 028 keeps them in place).
 *
 * So the live tools in stock, with their price, are a table of their own, `tool_in_stock`, kept
 * in step by triggers in the transaction that writes the tool: a tool enters it when it is added
 * in stock, its stock leaves 0 or it is restored, and leaves it when its stock reaches 0 or it is
 * deleted; a price change moves it. An order whose stock update leaves the tool in stock (nearly
 * every one) only evaluates the trigger's condition, and its update of the tool stays in place.
 * The count reads the table's `(price_cents, tool_id)` index alone (an index-only scan: 0.4 ms for
 * the same 1,001 tools). The invariant checker holds the table to the tools.
 */
export function catalogInStockPostgres(dialect: DialectName): Migration {
  return {
    async up(db) {
      if (dialect !== 'postgres') return;
      await sql`create table tool_in_stock (
        tool_id integer primary key references tool (id) on delete cascade,
        price_cents integer not null
      )`.execute(db);
      await sql`create index tool_in_stock_price_idx on tool_in_stock (price_cents, tool_id)`.execute(db);
      // The schema the store's tables are in, fixed now: a PL/pgSQL body is resolved when it
      // runs, and a write of a tool from a session with another search_path (an operator's
      // psql) must still find this table.
      await sql`create function tool_in_stock_sync() returns trigger language plpgsql set search_path from current as $$
        begin
          if new.deleted_at is null and new.available > 0 then
            insert into tool_in_stock (tool_id, price_cents) values (new.id, new.price_cents)
              on conflict (tool_id) do update set price_cents = excluded.price_cents;
          elsif tg_op = 'UPDATE' then
            delete from tool_in_stock where tool_id = new.id;
          end if;
          return null;
        end
      $$`.execute(db);
      await sql`create trigger tool_in_stock_insert after insert on tool
        for each row execute function tool_in_stock_sync()`.execute(db);
      // Only a change that moves the tool in or out of the table, or its price: an order's stock
      // update that leaves the tool in stock runs no function.
      await sql`create trigger tool_in_stock_update after update of available, price_cents, deleted_at on tool
        for each row when (
          (old.available > 0) is distinct from (new.available > 0)
          or old.price_cents is distinct from new.price_cents
          or old.deleted_at is distinct from new.deleted_at
        )
        execute function tool_in_stock_sync()`.execute(db);
      await sql`insert into tool_in_stock (tool_id, price_cents)
        select id, price_cents from tool where deleted_at is null and available > 0`.execute(db);
    },
    async down(db) {
      if (dialect !== 'postgres') return;
      await sql`drop trigger tool_in_stock_update on tool`.execute(db);
      await sql`drop trigger tool_in_stock_insert on tool`.execute(db);
      await sql`drop function tool_in_stock_sync()`.execute(db);
      await sql`drop table tool_in_stock`.execute(db);
    },
  };
}
