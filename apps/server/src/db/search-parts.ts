import { textWords } from '@toolsify/shared/search';

/**
 * The parts of a tool's name and SKU words that a search finds inside them: "saw" finds the
 * Jigsaw and the Hacksaw, "driver" the Screwdriver, "771" the SKU DCD771C2 (migration 031). They
 * are each word's endings that start after its first character and are at least SHORTEST_PART
 * characters long ("igsaw", "gsaw", "saw"): a search word is a prefix of one of them when it is
 * in the word but does not start it.
 *
 * SQLite's search index holds them in its `parts` column, made by wordParts (registered on every
 * connection as `tool_search_parts`, which the index's triggers call), each marked by PART_MARK
 * ("\uE000saw"), a character of Unicode's private use area: FTS5 keeps it in the word, and no
 * search word can hold it (searchWords splits on anything but letters, digits and marks), so a
 * search word's own prefix query never reads a part, nor a part query a word. PostgreSQL makes
 * the same parts in SQL as keys of their own (migration 031). Changing what wordParts answers
 * means indexing every tool again: a migration.
 */
export const SHORTEST_PART = 3;

/** What starts every part in SQLite's search index (see above). */
export const PART_MARK = '\uE000';

/** The marked parts of the words of the texts, each once, separated by spaces. */
export function wordParts(...texts: Array<string | null | undefined>): string {
  const parts = new Set<string>();
  for (const text of texts) {
    for (const word of textWords(text ?? '')) {
      // Array.from: a character outside the BMP is one character, as SQLite counts it.
      const chars = Array.from(word);
      for (let start = 1; chars.length - start >= SHORTEST_PART; start++) parts.add(PART_MARK + chars.slice(start).join(''));
    }
  }
  return [...parts].join(' ');
}
