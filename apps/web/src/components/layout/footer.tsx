import { Link } from 'wouter';
import { messages } from '@toolsify/shared/messages';
import { BrandMark } from './brand-mark.tsx';

/** The spec's three columns (their link targets are empty in the spec) and the copyright line. */
const columns = [
  { title: 'Services', links: ['Branding', 'Design', 'Marketing', 'Advertisement'] },
  { title: 'Company', links: ['About us', 'Contact', 'Jobs', 'Press kit'] },
  { title: 'Legal', links: ['Terms of use', 'Privacy policy', 'Cookie policy'] },
];

/** The year the page was loaded, for the copyright line. */
const YEAR = new Date().getFullYear();

export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 md:grid-cols-3 lg:grid-cols-5">
        <div className="col-span-2 md:col-span-3 lg:col-span-2">
          <Link href="/" className="inline-flex items-center gap-2 rounded-field text-xl font-extrabold text-white">
            <BrandMark />
            {messages.brand}
          </Link>
          <p className="mt-4 max-w-sm text-sm text-neutral-content/70">
            Power tools and hand tools in bulk, straight from the manufacturer. {messages.marketingTagline}
          </p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="mb-3 text-sm font-semibold uppercase tracking-wider text-white/60">{column.title}</h2>
            <ul className="space-y-2">
              {column.links.map((label) => (
                <li key={label}>
                  <a href="#" className="link link-hover text-neutral-content/90" onClick={(event) => event.preventDefault()}>
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm text-neutral-content/70">
          Copyright © {YEAR} - All rights reserved by {messages.brand}
        </p>
      </div>
    </footer>
  );
}
