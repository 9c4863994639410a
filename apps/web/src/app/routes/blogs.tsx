import { publicPageHeads } from '@toolsify/shared/tool-page-head';
import { usePageMeta } from '../../components/seo/use-page-meta.ts';
import { blogPosts } from '../../content/blogs.ts';

/** `/blogs`: five question-and-answer cards (content/blogs.ts). */
export default function BlogsPage() {
  usePageMeta(publicPageHeads['/blogs']);
  return (
    <div className="bg-base-200 pb-16">
      <header className="mx-auto max-w-3xl px-4 pb-6 pt-12 text-center">
        <p className="mb-2 text-sm font-semibold uppercase tracking-widest text-accent">From our developers</p>
        <h1 className="text-3xl font-extrabold tracking-tight text-primary sm:text-4xl">Blogs</h1>
        <p className="mt-3 text-lg text-base-content/70">Five questions web developers ask us, with short answers.</p>
        <nav aria-label="Questions" className="mt-6 flex flex-wrap justify-center gap-2">
          {blogPosts.map((post) => (
            <a key={post.id} href={`#${post.id}`} className="badge badge-outline badge-lg badge-primary hover:bg-primary/10">
              {post.topic}
            </a>
          ))}
        </nav>
      </header>
      <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4">
        {blogPosts.map((post, index) => (
          <article
            key={post.id}
            id={post.id}
            aria-labelledby={`${post.id}-question`}
            data-testid="blog-card"
            className="card min-w-0 border border-base-300 bg-base-100 shadow-sm"
          >
            <div className="card-body min-w-0 gap-4 p-5 sm:p-8">
              <p className="text-sm font-semibold uppercase tracking-wide text-secondary-content/70">
                <span className="mr-2 inline-flex h-7 w-7 items-center justify-center rounded-full bg-secondary text-secondary-content">
                  {index + 1}
                </span>
                {post.topic}
              </p>
              <h2 id={`${post.id}-question`} className="text-lg font-bold leading-snug text-primary sm:text-xl">
                {post.question}
              </h2>
              {post.answer.map((paragraph) => (
                <p key={paragraph} className="leading-relaxed text-base-content/85">
                  {paragraph}
                </p>
              ))}
              {post.points && (
                <ul className="list-disc space-y-2 pl-5 leading-relaxed text-base-content/85 marker:text-secondary">
                  {post.points.map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
              )}
              {post.code && (
                <pre className="whitespace-pre-wrap break-words rounded-box bg-neutral p-4 text-[0.8rem] leading-relaxed text-neutral-content sm:text-sm">
                  <code>{post.code}</code>
                </pre>
              )}
              {post.after?.map((paragraph) => (
                <p key={paragraph} className="leading-relaxed text-base-content/85">
                  {paragraph}
                </p>
              ))}
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
