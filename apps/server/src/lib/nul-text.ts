/** How deep a request's JSON may nest: no form or API body of this store comes close. */
export const MAX_JSON_DEPTH = 32;

export type TextProblem = { kind: 'nul' | 'lone-surrogate'; path: string } | { kind: 'too-deep' };

/**
 * A lone UTF-16 surrogate (`"\ud800"` in JSON): no character, and no text either database can
 * store; PostgreSQL's JSON refuses it outright (an order's lines go to it as JSON).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with one string of a request, if anything. */
function textProblemOf(text: string): 'nul' | 'lone-surrogate' | undefined {
  if (text.includes('\0')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'lone-surrogate' : undefined;
}

/**
 * Checks a request's body or query, iteratively (a deeply nested body cannot exhaust the stack):
 * the path of the first string or key holding a NUL character (U+0000), which PostgreSQL cannot
 * store in text, or a lone surrogate (`message`, `items.2.name`, `""` for the value itself); or
 * `too-deep` when objects and arrays nest more than MAX_JSON_DEPTH levels. Undefined when fine.
 */
export function findTextProblem(value: unknown): TextProblem | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value: item, path, depth } = next;
    if (typeof item === 'string') {
      const problem = textProblemOf(item);
      if (problem) return { kind: problem, path };
      continue;
    }
    if (item === null || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (depth >= MAX_JSON_DEPTH) return { kind: 'too-deep' };
    const children = Object.entries(item).map(([key, child]) => ({
      key,
      value: child,
      path: path === '' ? key : `${path}.${key}`,
      depth: depth + 1,
    }));
    for (const child of children) {
      const problem = textProblemOf(child.key);
      if (problem) return { kind: problem, path: child.path };
    }
    // Pushed in reverse, so the first key's value is looked at first (the first problem is reported).
    stack.push(...children.toReversed());
  }
  return undefined;
}
