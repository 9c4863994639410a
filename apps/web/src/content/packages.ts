/**
 * The packages section (specification section 9): fixed page content, not fetched. Prices are
 * whole dollars as the specification gives them. Each higher package adds to the one before.
 */
export interface Package {
  name: string;
  price: number;
  statement: string;
  features: string[];
  highlighted?: boolean;
}

const basicFeatures = ['Three product categories', 'Good products for the home', 'Occasion support', 'Well managed'];
const standardFeatures = [...basicFeatures, 'Win lottery'];
const premiumFeatures = [...standardFeatures, 'Get one free'];

export const packages: Package[] = [
  { name: 'Basic', price: 300, statement: 'Lower-rate bundle', features: basicFeatures },
  { name: 'Standard', price: 800, statement: 'Special package', features: standardFeatures, highlighted: true },
  { name: 'Premium', price: 1200, statement: 'Storing products for exporting', features: premiumFeatures },
];
