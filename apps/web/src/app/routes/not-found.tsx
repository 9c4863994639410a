import { Link } from 'wouter';
import { messages } from '@toolsify/shared/messages';
import { usePageMeta } from '../../components/seo/use-page-meta.ts';

/** Every path the store does not know: the spec's 'Oops! May be you lost your path!!!' */
export default function NotFoundPage() {
  usePageMeta({ title: 'Page not found' });
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center sm:py-28">
      <svg viewBox="0 0 200 120" className="w-56 max-w-full" aria-hidden="true" focusable="false">
        <ellipse cx="100" cy="108" rx="80" ry="8" fill="#e2e8f0" />
        <text
          x="100"
          y="86"
          textAnchor="middle"
          fontSize="84"
          fontWeight="800"
          fill="#1e3a8a"
          opacity=".12"
          fontFamily="system-ui, sans-serif"
        >
          404
        </text>
        <g transform="translate(100 64) rotate(-30)">
          <rect x="-6" y="-8" width="12" height="62" rx="5" fill="#f59e0b" />
          <rect x="-7" y="24" width="14" height="30" rx="6" fill="#1f2937" />
          <rect x="-30" y="-22" width="42" height="18" rx="4" fill="#64748b" />
          <path d="M12-22c18 0 30 8 34 24l-8 3c-4-11-12-16-26-16z" fill="#94a3b8" />
        </g>
      </svg>
      <p className="text-sm font-semibold uppercase tracking-widest text-accent">Error 404</p>
      <h1 className="text-3xl font-bold text-primary sm:text-4xl">{messages.notFound}</h1>
      <p className="text-base-content/70">The page you asked for does not exist or has moved. These will get you back on track:</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link href="~/" className="btn btn-primary">
          Back to the store
        </Link>
        <Link href="~/blogs" className="btn btn-outline btn-primary">
          Read our blogs
        </Link>
      </div>
    </section>
  );
}
