import type { ReactNode } from 'react';

/** The heading every home section opens with: a small label, the title, an optional lead. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  tone = 'default',
}: {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  tone?: 'default' | 'inverted';
}) {
  const inverted = tone === 'inverted';
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      {eyebrow && (
        <p className={`mb-2 text-sm font-semibold uppercase tracking-widest ${inverted ? 'text-secondary' : 'text-accent'}`}>{eyebrow}</p>
      )}
      <h2 id={id} className={`text-balance text-3xl font-bold tracking-tight sm:text-4xl ${inverted ? 'text-white' : 'text-primary'}`}>
        {title}
      </h2>
      {children && <p className={`mt-3 text-base sm:text-lg ${inverted ? 'text-white/80' : 'text-base-content/70'}`}>{children}</p>}
    </div>
  );
}
