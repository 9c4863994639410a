import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect.ts';

/**
 * The audit log (issue 16): one `audit_event` row per admin action, written in the action's
 * transaction: who (the admin's id and email as they were), what (`action`), to what
 * (`target_type`, `target_id` and a label a person reads: an email, "#1042", a tool's name),
 * and the changed fields before and after (JSON text). The app only ever inserts and reads it;
 * the database refuses every update and delete of a row (a trigger on each), so not even a bug
 * in the app can rewrite history.
 */
export function audit(dialect: DialectName): Migration {
  const pg = dialect === 'postgres';
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('audit_event')
        .addColumn('id', 'integer', id)
        .addColumn('at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('actor_email', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('target_label', 'text', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_event_action_idx').on('audit_event').columns(['action', 'id']).execute();
      await db.schema.createIndex('audit_event_actor_idx').on('audit_event').columns(['actor_id', 'id']).execute();
      await db.schema.createIndex('audit_event_target_idx').on('audit_event').columns(['target_type', 'target_id']).execute();
      await db.schema.createIndex('audit_event_at_idx').on('audit_event').column('at').execute();
      if (pg) {
        await sql`
          create or replace function toolsify_audit_is_append_only() returns trigger language plpgsql as $$
          begin
            raise exception 'toolsify: the audit log cannot be changed';
          end $$`.execute(db);
        await sql`
          create trigger audit_event_append_only before update or delete on audit_event
          for each row execute function toolsify_audit_is_append_only()`.execute(db);
      } else {
        for (const change of ['update', 'delete']) {
          await sql
            .raw(
              `create trigger audit_event_no_${change} before ${change} on audit_event
               begin select raise(abort, 'toolsify: the audit log cannot be changed'); end`,
            )
            .execute(db);
        }
      }
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('audit_event').execute();
      if (pg) await sql`drop function if exists toolsify_audit_is_append_only()`.execute(db);
    },
  };
}
