import { messages } from '@toolsify/shared/messages';
import { Icon } from '../../../components/ui/icon.tsx';
import { businessStats } from '../../../content/business.ts';

/** The business summary: the spec's four statistics and 'Be Happy to deal with us.' */
export function BusinessSummary() {
  return (
    <section aria-labelledby="summary-heading" className="bg-primary text-primary-content">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <p className="mb-2 text-sm font-semibold uppercase tracking-widest text-secondary">Trusted worldwide</p>
          <h2 id="summary-heading" className="text-balance text-3xl font-bold tracking-tight sm:text-4xl">
            Millions of businesses trust us
          </h2>
          <p className="mt-3 text-lg text-white/80">{messages.marketingTagline}</p>
        </div>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {businessStats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col items-center gap-2 rounded-box bg-white/10 px-4 py-6 text-center ring-1 ring-white/15"
            >
              <Icon name={stat.icon} className="h-8 w-8 text-secondary" />
              <dt className="order-last text-sm font-medium uppercase tracking-wide text-white/80 sm:text-base">{stat.label}</dt>
              <dd className="text-3xl font-extrabold sm:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
