/**
 * Demo catalog for a fresh store: believable bulk-buying prices (per unit, in cents) and stock.
 * Images are SVGs that live in apps/web/public/images/tools/.
 */
export const demoTools = [
  { name: 'Cordless Drill Driver 18V', img: '/images/tools/cordless-drill.svg', priceCents: 4_850, available: 1_200, minimum: 50, description: 'Two-speed 18V drill driver with a 13 mm keyless chuck, 21 torque settings and an LED work light. Ships with a 2.0 Ah battery.' },
  { name: 'Angle Grinder 115 mm', img: '/images/tools/angle-grinder.svg', priceCents: 3_290, available: 900, minimum: 40, description: '850 W angle grinder for cutting and grinding metal and stone. Tool-free guard, side handle in two positions, spindle lock.' },
  { name: 'Combination Wrench Set (12 pc)', img: '/images/tools/wrench-set.svg', priceCents: 2_150, available: 2_400, minimum: 100, description: 'Chrome-vanadium combination wrenches, 8 to 19 mm, 12-point ring end and 15° open end, in a roll-up pouch.' },
  { name: 'Circular Saw 185 mm', img: '/images/tools/circular-saw.svg', priceCents: 6_900, available: 450, minimum: 20, description: '1,400 W circular saw with a 24-tooth carbide blade, bevel to 45°, 63 mm cutting depth and a dust port.' },
  { name: 'Claw Hammer 16 oz', img: '/images/tools/claw-hammer.svg', priceCents: 890, available: 5_000, minimum: 200, description: 'Forged steel head with a magnetic nail starter and an anti-vibration fibreglass handle with rubber grip.' },
  { name: 'Screwdriver Set (8 pc)', img: '/images/tools/screwdriver-set.svg', priceCents: 1_290, available: 3_200, minimum: 150, description: 'Slotted and Phillips drivers with magnetic tips and two-component handles, in a wall-mount rack.' },
  { name: 'Jigsaw 650 W', img: '/images/tools/jigsaw.svg', priceCents: 4_200, available: 600, minimum: 30, description: 'Variable-speed jigsaw with four-stage pendulum action, tool-free blade change and a bevelling base plate.' },
  { name: 'Adjustable Wrench 250 mm', img: '/images/tools/adjustable-wrench.svg', priceCents: 1_150, available: 2_800, minimum: 100, description: 'Drop-forged adjustable wrench opening to 30 mm, with a laser-etched scale and a precision worm gear.' },
  { name: 'Impact Driver 18V', img: '/images/tools/impact-driver.svg', priceCents: 5_900, available: 0, minimum: 25, description: 'Brushless impact driver, 180 Nm, 1/4" hex quick-release chuck and three speed modes for fixing and fastening.' },
  { name: 'Locking Pliers 250 mm', img: '/images/tools/locking-pliers.svg', priceCents: 1_050, available: 1_800, minimum: 120, description: 'Curved-jaw locking pliers with a quick-release lever and a hardened, adjustable screw.' },
  { name: 'Bench Vise 125 mm', img: '/images/tools/bench-vise.svg', priceCents: 7_450, available: 300, minimum: 10, description: 'Cast-iron bench vise with a 360° swivel base, replaceable serrated jaws and an anvil surface.' },
  { name: 'Hacksaw 300 mm', img: '/images/tools/hacksaw.svg', priceCents: 760, available: 4_100, minimum: 200, description: 'Tensioned frame hacksaw for metal and plastic, with a bi-metal 24 TPI blade and a soft-grip handle.' },
  { name: 'Socket Set 1/2" (24 pc)', img: '/images/tools/socket-set.svg', priceCents: 3_990, available: 750, minimum: 40, description: '10 to 32 mm six-point sockets, a 72-tooth ratchet, two extensions and a T-bar in a blow-moulded case.' },
  { name: 'Tape Measure 8 m', img: '/images/tools/tape-measure.svg', priceCents: 640, available: 6_000, minimum: 250, description: 'Nylon-coated 25 mm blade with 3 m stand-out, a magnetic hook and a shock-absorbing rubber case.' },
] as const;

export const demoReviews = [
  { name: 'Amelia Hart', email: 'amelia.hart@example.com', rating: 5, img: '/images/avatars/amelia.svg', note: 'We order drills by the pallet for our rental fleet. Every unit arrived charged and tested, and delivery was two days early.' },
  { name: 'Rafael Ortiz', email: 'rafael.ortiz@example.com', rating: 4, img: '/images/avatars/rafael.svg', note: 'Good grinders at a fair bulk price. The minimum order was a little high for our first trial, but support sorted it out quickly.' },
  { name: 'Priya Nair', email: 'priya.nair@example.com', rating: 5, img: '/images/avatars/priya.svg', note: 'The wrench sets have replaced our old supplier. Consistent quality across 500 sets and tidy packaging for resale.' },
  { name: 'Jonas Weber', email: 'jonas.weber@example.com', rating: 4, img: '/images/avatars/jonas.svg', note: 'Clear stock numbers, simple checkout and paid invoices on the same day. Exactly what a buyer needs.' },
  { name: 'Chen Li', email: 'chen.li@example.com', rating: 5, img: '/images/avatars/chen.svg', note: 'Circular saws cut straight out of the box. Our workshop crews noticed the difference from the first week.' },
  { name: 'Grace Okafor', email: 'grace.okafor@example.com', rating: 5, img: '/images/avatars/grace.svg', note: 'Reliable partner for our hardware stores: fair prices, fast shipping and an admin team that answers the phone.' },
] as const;
