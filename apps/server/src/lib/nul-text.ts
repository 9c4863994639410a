/** How deep a request's JSON may nest: no form or API body of this store comes close. */
export const MAX_JSON_DEPTH = 32;

export type TextProblem = { kind: 'nul'; path: string } | { kind: 'too-deep' };

/**
 * Checks a request's body or query, iteratively (a deeply nested body cannot exhaust the stack):
 * the path of the first string or key holding a NUL character (U+0000), which PostgreSQL cannot
 * store in text (`message`, `items.2.name`, `""` for the value itself), or `too-deep` when
 * objects and arrays nest more than MAX_JSON_DEPTH levels. Undefined when it is fine.
 */
export function findTextProblem(value: unknown): TextProblem | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value: item, path, depth } = next;
    if (typeof item === 'string') {
      if (item.includes('\0')) return { kind: 'nul', path };
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
    const badKey = children.find((child) => child.key.includes('\0'));
    if (badKey) return { kind: 'nul', path: badKey.path };
    // Pushed in reverse, so the first key's value is looked at first (the first problem is reported).
    stack.push(...children.toReversed());
  }
  return undefined;
}
