/**
 * The catalog search's words and sorts: plain constants and one function, with no schema
 * library, so the navigation bar's search box can use them without loading zod.
 */

/** How the catalog can be ordered; `relevance` (best match first) needs search words. */
export const toolSorts = ['relevance', 'newest', 'price_asc', 'price_desc', 'name'] as const;
export type ToolSort = (typeof toolSorts)[number];

/** The longest category name (characters): a tool's, and the catalog's `category` filter. */
export const MAX_CATEGORY_LENGTH = 40;

/** Longest search text the catalog takes (characters). */
export const MAX_SEARCH_LENGTH = 200;

/** Most words one search uses, and the longest word (characters); the rest is ignored. */
export const MAX_SEARCH_WORDS = 10;
const MAX_SEARCH_WORD = 40;

/**
 * The words of a text as the catalog splits it: runs of letters, digits and their accents,
 * lowercased ("Angle-GRINDER 125" is angle, grinder, 125). The search's words, and the words
 * of a tool's name and SKU whose parts the server indexes.
 */
export function textWords(text: string): string[] {
  return text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean);
}

/** The words of a search as the catalog matches them (textWords, at most MAX_SEARCH_WORDS). Each word also matches as a prefix. */
export function searchWords(q: string): string[] {
  return textWords(q)
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => word.slice(0, MAX_SEARCH_WORD));
}

/**
 * A search word as the catalog looks for it: a plural's stem, which as a prefix finds the
 * singular and the plural ("drills" looks for drill*, "boxes" box*, "batteries" batter*, "scies"
 * scie*). Only words of letters, of four letters or more; "ss", "us" and "is" endings are kept
 * ("glass", "nucleus", "axis"). A stem is at least three letters ("axes" looks for axe*, "series"
 * for serie*). Every tool the word found as typed is still found: the stem is a prefix of the word.
 */
export function searchStem(word: string): string {
  if (word.length < 4 || !/^\p{L}+$/u.test(word) || !word.endsWith('s') || /(?:ss|us|is)$/.test(word)) return word;
  const ending = word.endsWith('ies') ? 3 : /(?:sses|[xz]es|[cs]hes)$/.test(word) ? 2 : 1;
  // "pies", "axes": the longer ending would leave too little; the plain plural's "s" goes.
  return word.length - ending >= (ending === 3 ? 4 : 3) ? word.slice(0, -ending) : word.slice(0, -1);
}
