import { sql, type RawBuilder } from 'kysely';

/** `text` as a LIKE pattern that finds it anywhere: its own `%`, `_` and `\` match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether `column` holds `text`, case aside, on both databases: lower() on both sides and LIKE
 * with an escape (SQLite's lower() folds ASCII letters only, as its LIKE does).
 */
export function columnContains(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(text.toLowerCase())} escape '\\'`;
}
