import { Link } from 'wouter';

/** An unknown or deleted tool: say so plainly (never an endless spinner). */
export function ToolUnavailable() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" aria-labelledby="unavailable-title">
      <h1 id="unavailable-title" className="text-3xl font-bold text-primary">
        This tool is not available
      </h1>
      <p className="mt-4 text-base-content/70">It may have been removed from the catalog, or the link is wrong.</p>
      <Link href="/" className="btn btn-primary mt-8">
        Browse our tools
      </Link>
    </section>
  );
}
