/**
 * Whether an order of the tool can be placed now: its stock holds its minimum (a whole number of
 * packs, within any maximum). Below it a tool is as good as out of stock for a buyer, and
 * "Email me when it is back" waits for this. A module of its own, with no import: the home
 * page's product cards read it, and the pricing rules would cost them a kilobyte.
 */
export function canBeOrdered(tool: { available: number; minimum: number }): boolean {
  return tool.available >= tool.minimum;
}
