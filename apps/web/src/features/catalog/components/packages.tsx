import { Icon } from '../../../components/ui/icon.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { packages } from '../../../content/packages.ts';
import { safeExternalUrl } from '../utils/safe-external-url.ts';
import { useStoreConfig } from '../../../lib/store-config.ts';
import { formatCount } from '@toolsify/shared/money';

/**
 * The packages (spec section 9: fixed content, not fetched). Book Now opens the external
 * training site from the server's TRAINING_SITE_URL in a new tab, without giving it a
 * handle on this page (noopener) or our address (noreferrer).
 */
export function Packages() {
  const config = useStoreConfig();
  const bookingUrl = safeExternalUrl(config.data?.trainingSiteUrl);
  return (
    <section id="packages" aria-labelledby="packages-heading" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
        <SectionHeading id="packages-heading" eyebrow="Training and bundles" title="Choose your package">
          Book a package with our training partner and get the most out of every tool you buy.
        </SectionHeading>
        <ul className="mx-auto grid max-w-xl grid-cols-1 gap-6 lg:max-w-none lg:grid-cols-3">
          {packages.map((pkg) => (
            <li key={pkg.name}>
              <article
                aria-labelledby={`package-${pkg.name}`}
                className={`card h-full bg-base-100 shadow-sm ${pkg.highlighted ? 'border-2 border-secondary shadow-lg lg:-translate-y-2' : 'border border-base-300'}`}
              >
                <div className="card-body gap-4 p-6 sm:p-8">
                  <div className="flex items-start justify-between gap-2">
                    <h3 id={`package-${pkg.name}`} className="text-xl font-bold text-primary">
                      {pkg.name}
                    </h3>
                    {pkg.highlighted && <span className="badge badge-secondary whitespace-nowrap font-semibold">Most popular</span>}
                  </div>
                  <p className="grow-0 text-base-content/70">{pkg.statement}</p>
                  <p className="grow-0 text-4xl font-extrabold">${formatCount(pkg.price)}</p>
                  <ul className="flex-1 space-y-2" aria-label={`${pkg.name} features`}>
                    {pkg.features.map((feature) => (
                      <li key={feature} className="flex items-center gap-2">
                        <Icon name="check" className="h-5 w-5 shrink-0 text-success" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                  {bookingUrl ? (
                    <a
                      href={bookingUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={`btn btn-block ${pkg.highlighted ? 'btn-secondary' : 'btn-primary'}`}
                    >
                      Book Now
                      <Icon name="external" className="h-4 w-4" />
                      <span className="sr-only">(the {pkg.name} package, opens our training site in a new tab)</span>
                    </a>
                  ) : (
                    <button type="button" className="btn btn-block" disabled>
                      Book Now
                    </button>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
