/**
 * Where a request's text holds a NUL character (U+0000), which PostgreSQL cannot store in
 * text: the path of the first such string or key (`message`, `items.2.name`, `""` for the
 * value itself), or undefined when there is none.
 */
export function findNulText(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path === '' ? key : `${path}.${key}`;
    if (key.includes('\0')) return at;
    const found = findNulText(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}
