import { Link } from 'wouter';
import { focusWhenDrawn } from '../../../lib/focus.ts';
import { messages } from '@toolsify/shared/messages';
import { Icon } from '../../../components/ui/icon.tsx';
import { HOME_HERO_IMAGE } from '@toolsify/shared/first-paint';

/** The home banner: the spec's heading, tagline and an image. */
export function Banner() {
  return (
    <section aria-labelledby="banner-heading" className="relative overflow-hidden bg-linear-to-br from-base-200 via-white to-blue-50">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:py-16 lg:grid-cols-2 lg:py-20">
        <div className="text-center lg:text-left">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-secondary/15 px-3 py-1 text-sm font-semibold text-amber-800">
            <Icon name="factory" className="h-4 w-4" />
            Direct from the manufacturer
          </p>
          <h1 id="banner-heading" className="text-balance text-4xl font-extrabold tracking-tight text-primary sm:text-5xl lg:text-6xl">
            {messages.brand}
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-lg text-base-content/75 lg:mx-0">{messages.tagline}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Link href="/tools" className="btn btn-primary btn-lg">
              Browse tools
              <Icon name="arrowRight" className="h-5 w-5" />
            </Link>
            <a
              href="#contact"
              className="btn btn-outline btn-primary btn-lg"
              onClick={() =>
                // The link scrolls to the section (drawn when near); the keyboard goes on from the form's first field.
                // (contactFieldId('email'), written out: the contact form is not in the home page's first script.)
                focusWhenDrawn(() => document.getElementById('contact-email'), 120, { preventScroll: true })
              }
            >
              Talk to our sales team
            </a>
          </div>
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-base-content/70 lg:justify-start">
            {['Factory prices per unit', 'Live stock numbers', 'Secure card payments'].map((point) => (
              <li key={point} className="flex items-center gap-1.5">
                <Icon name="check" className="h-4 w-4 text-success" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <img
          src={HOME_HERO_IMAGE}
          alt="A Toolsify delivery truck on its way with boxes of tools"
          width={640}
          height={480}
          fetchPriority="high"
          className="mx-auto w-full max-w-md sm:max-w-lg lg:max-w-none"
        />
      </div>
    </section>
  );
}
