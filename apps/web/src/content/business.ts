import { company } from '@toolsify/shared/company';
import type { IconName } from '../components/ui/icon.tsx';

/**
 * The home page's fixed marketing content. Edit the words here; the page layout picks them up.
 * The four statistics are the specification's (section 9).
 */
export const businessStats: { value: string; label: string; icon: IconName }[] = [
  { value: '100+', label: 'Countries', icon: 'globe' },
  { value: '1M+', label: 'Happy Clients', icon: 'users' },
  { value: '5K+', label: 'Reviews', icon: 'star' },
  { value: '$120M', label: 'Annual Revenue', icon: 'dollar' },
];

/** "Why buy in bulk from us": one of the home page's two further sections. */
export const bulkBenefits: { title: string; text: string; icon: IconName }[] = [
  {
    title: 'Factory prices per unit',
    text: 'You buy straight from the manufacturer. Every price is per piece, with no reseller margin on top.',
    icon: 'factory',
  },
  {
    title: 'Live stock numbers',
    text: 'Each tool shows how many pieces are in the warehouse right now, so you plan orders on real numbers.',
    icon: 'boxes',
  },
  {
    title: 'Delivered to your door',
    text: 'Our delivery team ships every paid order to the address you give, and you can follow it in your dashboard.',
    icon: 'truck',
  },
  {
    title: 'Secure card payments',
    text: 'Pay by card through our payment provider. Your stock is reserved when you order, and you can cancel until you pay.',
    icon: 'shield',
  },
];

/** "How ordering works": the other further section. Matches what the store really does. */
export const orderingSteps: { title: string; text: string; icon: IconName }[] = [
  {
    title: 'Choose your tools',
    text: 'Browse the catalog and open the tool you need to see its price, stock and minimum order.',
    icon: 'search',
  },
  {
    title: 'Set the quantity',
    text: 'Order at least the minimum quantity and no more than what is in stock. Your pieces are reserved at once.',
    icon: 'quantity',
  },
  {
    title: 'Pay by card',
    text: 'Pay the order from My Orders whenever you are ready. Unpaid orders can still be cancelled.',
    icon: 'card',
  },
  { title: 'Track the shipment', text: 'Your order shows as Paid, then Shipped once it leaves our warehouse.', icon: 'truck' },
];

/** The company's contact details, shown beside the contact form (the invoices' seller too). */
export const companyContact = {
  email: company.email,
  phone: company.phone,
  address: company.address,
  hours: company.hours,
};
