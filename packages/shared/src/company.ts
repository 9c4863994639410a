/**
 * The company behind the store: shown beside the contact form and as the seller on invoices.
 * Sample values: replace them.
 */
export const company = {
  name: 'Toolsify Manufacturer LTD.',
  email: 'sales@toolsify.example',
  phone: '+1 (555) 010-2040',
  address: '18 Foundry Road, Sheffield S9 3XY, United Kingdom',
  hours: 'Monday to Friday, 8:00 to 18:00 (GMT)',
};
