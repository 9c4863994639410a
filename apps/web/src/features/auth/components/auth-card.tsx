import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useMe } from '../api/get-me.ts';

/** The card the account pages sit in: a heading, the form, and what comes under it. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="flex justify-center bg-base-200/60 px-4 py-10 sm:py-16">
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-lg">
        <div className="card-body gap-5 p-6 sm:p-8">
          <header className="text-center">
            <h1 className="text-2xl font-bold text-primary">{title}</h1>
            {subtitle && <p className="mt-1 text-sm text-base-content/70">{subtitle}</p>}
          </header>
          {children}
          {footer}
        </div>
      </div>
    </section>
  );
}

/** A form-level message: an error in red (announced), or a success in green. */
export function FormMessage({ kind, children, id }: { kind: 'error' | 'success'; children: ReactNode; id?: string }) {
  return kind === 'error' ? (
    <p id={id} role="alert" className="rounded-field border border-error/40 bg-error/5 px-3 py-2 text-sm font-medium text-red-700">
      {children}
    </p>
  ) : (
    <p id={id} role="status" className="rounded-field border border-success/40 bg-success/5 px-3 py-2 text-sm font-medium text-green-800">
      {children}
    </p>
  );
}

/** "or" between the email form and Continue With Google. */
export function OrDivider() {
  return <div className="divider my-0 text-xs uppercase text-base-content/60">or</div>;
}

/** Signed in already (on Login or Sign Up): said, with the way on; the form stays, to use another account. */
export function SignedInNotice() {
  const me = useMe();
  if (!me.data) return null;
  return (
    <p role="status" className="rounded-box bg-base-200 p-3 text-sm" data-testid="already-signed-in">
      You are signed in as <span className="font-semibold [overflow-wrap:anywhere]">{me.data.email}</span>.{' '}
      <Link href="/dashboard" className="link link-primary font-medium">
        Go to your dashboard
      </Link>
    </p>
  );
}
