import { BusinessSummary } from '../../features/catalog/components/business-summary.tsx';
import { Packages } from '../../features/catalog/components/packages.tsx';
import { BulkBenefits } from '../../features/catalog/components/bulk-benefits.tsx';
import { OrderingSteps } from '../../features/catalog/components/ordering-steps.tsx';
import { Testimonials } from '../../features/reviews/components/testimonials.tsx';
import { ContactSection } from '../../features/contact/components/contact-section.tsx';

/**
 * The home page below the products, in the spec's order: business summary, testimonials,
 * packages, the two further sections (why buy in bulk, how ordering works) and Contact Us.
 * Its own chunk: home.tsx loads it as the visitor scrolls toward it.
 */
export default function HomeLowerSections() {
  return (
    <>
      <BusinessSummary />
      <Testimonials />
      <Packages />
      <BulkBenefits />
      <OrderingSteps />
      <ContactSection />
    </>
  );
}
