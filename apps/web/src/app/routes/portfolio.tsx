import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { usePageMeta } from '../../components/seo/use-page-meta.ts';
import { portfolio } from '../../content/portfolio.ts';

function ExternalLink({ href, children, className = 'link link-primary' }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function Card({ title, icon, children, className = '' }: { title: string; icon: IconName; children: ReactNode; className?: string }) {
  const id = `portfolio-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={`rounded-box border border-base-300 bg-base-100 p-6 shadow-sm ${className}`}>
      <h2 id={id} className="mb-4 flex items-center gap-2 text-xl font-bold text-primary">
        <Icon name={icon} className="h-5 w-5" />
        {title}
      </h2>
      {children}
    </section>
  );
}

/** `/portfolio`: the developer's page, read from content/portfolio.ts (an owner edits that file). */
export default function PortfolioPage() {
  usePageMeta({
    title: 'Portfolio',
    description: `${portfolio.name}, ${portfolio.role}: contact details, education, expertise and sample sites.`,
  });
  const { contact } = portfolio;
  const initials = portfolio.name
    .split(' ')
    .map((part) => part[0])
    .join('');
  return (
    <div className="bg-base-200 pb-16">
      <header className="bg-linear-to-br from-primary to-blue-900 text-primary-content">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-12 text-center sm:flex-row sm:text-left">
          <span
            className="flex h-24 w-24 shrink-0 items-center justify-center rounded-full bg-secondary text-3xl font-extrabold text-secondary-content ring-4 ring-white/20"
            aria-hidden="true"
          >
            {initials}
          </span>
          <div>
            <h1 className="text-3xl font-extrabold sm:text-4xl">{portfolio.name}</h1>
            <p className="mt-1 text-lg font-medium text-secondary">{portfolio.role}</p>
            <p className="mt-3 max-w-2xl text-white/80">{portfolio.summary}</p>
          </div>
        </div>
      </header>

      <div className="mx-auto max-w-5xl px-4">
        {portfolio.isSample && (
          <p role="note" className="alert alert-warning alert-soft mt-6 text-sm">
            <Icon name="alert" className="h-5 w-5 shrink-0" />
            Sample content: the details on this page are placeholders that ship with the store.
          </p>
        )}

        <div className="mt-6 grid gap-6 md:grid-cols-3">
          <Card title="Contact details" icon="mail" className="md:row-span-2">
            <ul className="space-y-3 text-sm">
              <li className="flex items-start gap-3">
                <Icon name="mail" className="mt-0.5 h-4 w-4 shrink-0 text-base-content/60" />
                <a href={`mailto:${contact.email}`} className="link link-primary break-all">
                  {contact.email}
                </a>
              </li>
              <li className="flex items-start gap-3">
                <Icon name="phone" className="mt-0.5 h-4 w-4 shrink-0 text-base-content/60" />
                <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="link link-primary">
                  {contact.phone}
                </a>
              </li>
              <li className="flex items-start gap-3">
                <Icon name="pin" className="mt-0.5 h-4 w-4 shrink-0 text-base-content/60" />
                {contact.location}
              </li>
              <li className="flex items-start gap-3">
                <Icon name="globe" className="mt-0.5 h-4 w-4 shrink-0 text-base-content/60" />
                <ExternalLink href={contact.website}>Website</ExternalLink>
              </li>
              <li className="flex items-start gap-3">
                <Icon name="code" className="mt-0.5 h-4 w-4 shrink-0 text-base-content/60" />
                <ExternalLink href={contact.github}>GitHub</ExternalLink>
              </li>
              <li className="flex items-start gap-3">
                <Icon name="link" className="mt-0.5 h-4 w-4 shrink-0 text-base-content/60" />
                <ExternalLink href={contact.linkedin}>LinkedIn</ExternalLink>
              </li>
            </ul>
            <a href={`mailto:${contact.email}`} className="btn btn-primary btn-block mt-6">
              <Icon name="mail" className="h-4 w-4" />
              Email me
            </a>
          </Card>

          <Card title="Education" icon="book" className="md:col-span-2">
            <ol className="space-y-5 border-l-2 border-base-300 pl-5">
              {portfolio.education.map((item) => (
                <li key={item.degree} className="relative">
                  <span
                    className="absolute -left-[1.72rem] top-1.5 h-3 w-3 rounded-full bg-secondary ring-4 ring-base-100"
                    aria-hidden="true"
                  />
                  <h3 className="font-semibold">{item.degree}</h3>
                  <p className="text-sm text-base-content/70">
                    {item.school} · {item.years}
                  </p>
                  <p className="mt-1 text-sm">{item.detail}</p>
                </li>
              ))}
            </ol>
          </Card>

          <Card title="Expertise" icon="code" className="md:col-span-2">
            <dl className="grid gap-4 sm:grid-cols-2">
              {portfolio.expertise.map((group) => (
                <div key={group.area}>
                  <dt className="mb-2 text-sm font-semibold text-base-content/70">{group.area}</dt>
                  <dd className="flex flex-wrap gap-2">
                    {group.skills.map((skill) => (
                      <span key={skill} className="badge badge-outline badge-primary">
                        {skill}
                      </span>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </Card>
        </div>

        <section aria-labelledby="portfolio-projects" className="mt-10">
          <h2 id="portfolio-projects" className="mb-4 text-2xl font-bold text-primary">
            Sample sites
          </h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {portfolio.projects.map((project) => (
              <li key={project.name} className="flex flex-col rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
                <h3 className="text-lg font-semibold">{project.name}</h3>
                <p className="mt-2 flex-1 text-sm text-base-content/70">{project.description}</p>
                <p className="mt-3 flex flex-wrap gap-2">
                  {project.stack.map((tech) => (
                    <span key={tech} className="badge badge-ghost badge-sm">
                      {tech}
                    </span>
                  ))}
                </p>
                <ExternalLink href={project.url} className="btn btn-outline btn-primary btn-sm mt-4 self-start">
                  Visit site
                  <Icon name="external" className="h-4 w-4" />
                </ExternalLink>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
