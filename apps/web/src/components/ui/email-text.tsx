import { Fragment } from 'react';

/**
 * An email address that wraps where a reader expects it to, before the `@` and after each dot
 * of the domain (`<wbr>`), not in the middle of a word; a part longer than the line still
 * breaks anywhere rather than overflow (the class the caller gives should allow it, e.g.
 * `[overflow-wrap:anywhere]`).
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  const domain = email.slice(at + 1).split('.');
  return (
    <>
      {email.slice(0, at)}
      <wbr />@
      {domain.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              .<wbr />
            </>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}
