/** A tool id from a path (`/tools/12`, `/purchase/12`): a positive 32-bit integer, else null. */
export function parseToolId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
