// The benchmark's catalog: believable, varied tool names, SKUs and descriptions, so searches
// match as they would in a real store ("<brand> <type>" about 0.1% of 100,000 tools, one type
// word a few percent), and the queries the search and filter cases send.

const brands = [
  'Ferro',
  'Brixton',
  'Holtz',
  'Kestrel',
  'Norden',
  'Arcwell',
  'Granit',
  'Vulcan',
  'Tessler',
  'Ridgeback',
  'Corvo',
  'Halden',
  'Marlow',
  'Stanza',
  'Oxbow',
  'Pellan',
  'Quarry',
  'Rowan',
  'Saxon',
  'Talon',
  'Umber',
  'Varga',
  'Welde',
  'Yarrow',
  'Zenith',
  'Ambry',
  'Bolton',
  'Crag',
  'Dunmore',
  'Elkhorn',
  'Fjord',
  'Garnet',
  'Hearth',
  'Ironside',
  'Juno',
  'Kiln',
  'Lodestar',
  'Mason',
  'Nimbus',
  'Orrin',
];
const types = [
  'Angle Grinder',
  'Cordless Drill',
  'Impact Driver',
  'Circular Saw',
  'Jigsaw',
  'Claw Hammer',
  'Screwdriver Set',
  'Socket Set',
  'Combination Wrench',
  'Adjustable Wrench',
  'Locking Pliers',
  'Bench Vise',
  'Hacksaw',
  'Tape Measure',
  'Spirit Level',
  'Heat Gun',
  'Rotary Hammer',
  'Orbital Sander',
  'Belt Sander',
  'Router',
  'Planer',
  'Multi Tool',
  'Reciprocating Saw',
  'Nail Gun',
  'Glue Gun',
];
const variants = ['115 mm', '125 mm', '18V', '12V', '650 W', '850 W', '300 mm', '8 m', 'Pro', 'Compact', 'Heavy Duty', 'XL'];
const uses = ['metal', 'wood', 'stone', 'plastic', 'tile', 'concrete', 'drywall', 'steel'];

/** The i-th tool of the benchmark's catalog (without stock and timestamps). */
export function benchTool(i) {
  const brand = brands[i % brands.length];
  const type = types[Math.floor(i / brands.length) % types.length];
  const variant = variants[Math.floor(i / (brands.length * types.length)) % variants.length];
  const use = uses[i % uses.length];
  return {
    name: `${brand} ${type} ${variant}`,
    sku: `BN-${brand.slice(0, 3).toUpperCase()}-${i}`,
    description: `${brand} ${type.toLowerCase()} for ${use} work: ${variant}, built for daily site use, with a two-year warranty. Item ${i}.`,
    price_cents: 250 + ((i * 7919) % 60_000),
  };
}
