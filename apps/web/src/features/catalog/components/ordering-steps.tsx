import { Icon } from '../../../components/ui/icon.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { orderingSteps } from '../../../content/business.ts';

/** "How ordering works": the other further home section, true to what the store does. */
export function OrderingSteps() {
  return (
    <section id="how-to-order" aria-labelledby="how-to-order-heading" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
        <SectionHeading id="how-to-order-heading" eyebrow="Simple and safe" title="How ordering works">
          From the catalog to your door in four steps.
        </SectionHeading>
        <ol className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {orderingSteps.map((step, index) => (
            <li key={step.title} className="relative rounded-box bg-base-100 p-6 shadow-sm">
              <div className="mb-4 flex items-center gap-3">
                <span
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-content"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <Icon name={step.icon} className="h-6 w-6 text-primary" />
              </div>
              <h3 className="text-lg font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm text-base-content/70">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
