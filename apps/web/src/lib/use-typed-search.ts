import { useEffect, useEffectEvent, useState } from 'react';

/** How long typing pauses before what is typed is applied (ms): a search runs, a cart's quantity is saved. */
export const TYPING_PAUSE_MS = 300;

export type ApplySearch = (words: string, options: { replace: boolean }) => void;

/**
 * A search box whose words live in the page's URL: the box keeps its own text while someone
 * types, applies it after a pause in typing (the focus stays in the box), and follows the URL
 * when it changes otherwise (Back, a link, Clear filters), unless the box already says the same
 * (so a trailing space being typed is kept). Refining a search replaces its history entry, so
 * Back does not walk through every pause; a new search is a new entry.
 *
 * `applied` is the URL's words; `normalize` turns the box's text into words (trimmed by default).
 */
export function useTypedSearch(applied: string, apply: ApplySearch, normalize: (text: string) => string = (text) => text.trim()) {
  const [text, setText] = useState(applied);
  const [shown, setShown] = useState(applied);
  if (applied !== shown) {
    setShown(applied);
    if (normalize(text) !== applied) setText(applied);
  }

  const words = normalize(text);
  const refining = applied !== '';
  const run = useEffectEvent((next: string, replace: boolean) => apply(next, { replace }));
  useEffect(() => {
    if (words === applied) return;
    const timer = setTimeout(() => run(words, refining && words !== ''), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [words, applied, refining]);

  /** Runs the search now (Enter). */
  const submit = () => {
    if (words !== applied) apply(words, { replace: false });
  };
  return { text, setText, words, submit };
}
