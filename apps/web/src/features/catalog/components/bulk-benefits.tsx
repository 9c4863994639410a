import { Icon } from '../../../components/ui/icon.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { bulkBenefits } from '../../../content/business.ts';

/** "Why buy in bulk from us": one of the spec's two further home sections. */
export function BulkBenefits() {
  return (
    <section id="why-us" aria-labelledby="why-us-heading" className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
      <SectionHeading id="why-us-heading" eyebrow="Why Toolsify" title="Why buy in bulk from us">
        One supplier for your workshop, rental fleet or hardware store.
      </SectionHeading>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {bulkBenefits.map((benefit) => (
          <li key={benefit.title} className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
            <span className="mb-4 inline-flex h-12 w-12 items-center justify-center rounded-xl bg-secondary/15 text-amber-700">
              <Icon name={benefit.icon} className="h-6 w-6" />
            </span>
            <h3 className="text-lg font-semibold">{benefit.title}</h3>
            <p className="mt-2 text-sm text-base-content/70">{benefit.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
