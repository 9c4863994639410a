/**
 * The product's user-facing strings, word for word from SPEC.md (typos included:
 * they are the product's strings). Import from here; never retype them.
 */
export const messages = {
  brand: 'Toolsify Manufacturer LTD.',
  tagline: 'Get Your Most Wanted tools easily. Our Delivery team are always available to reach you.',
  marketingTagline: 'Be Happy to deal with us.',
  notFound: 'Oops! May be you lost your path!!!',
  outOfStock: 'Out of Stock',
  availableQuantity: (n: number) => `Available Quantity: ${n} Pieces`,
  stars: (n: number) => `${n} Stars`,
  contactHeading: 'Stay connected with us',

  emailRequired: 'Email is Required',
  emailInvalid: 'Provide a valid Email',
  passwordRequired: 'Password is Required',
  passwordTooShort: 'Must be 6 characters or longer',
  nameRequired: 'Name is Required',
  resetNeedsEmail: 'please enter your email address',
  resetSent: 'Sent email',

  quantityBelowMinimum: "You cant't place order below than minimum quantity",
  quantityAboveAvailable: "You cant't place order more than available quantity",
  orderPlaced: 'Order is placed successfully!!',
  orderFailed: 'Fail to place order',

  availableAtLeastOne: 'Available Quantity must be 1 or longer',
  minimumAtLeastOne: 'Minimum Quantity must be 1 or longer',
  minimumAboveAvailable: 'Minimum Quantity must be less than available quantity',
  productAdded: 'Product successfully added.',
  productDeleted: (name: string) => `${name} is deleted`,

  makeAdminFailed: 'Failed to make an admin',
  makeAdminDone: 'Successfully made an admin',
  reviewAdded: 'Your Review is successfully added.',
  profileUpdated: 'Profile Updated',
  paymentSucceeded: 'Congrats! Your payment is successful',
} as const;

/** Minimum password length (spec section 9). */
export const MIN_PASSWORD_LENGTH = 6;
