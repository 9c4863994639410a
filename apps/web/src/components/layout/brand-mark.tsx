/** The store's mark (the favicon's hammer "T"), drawn inline so it costs no request. */
export function BrandMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1e3a8a" />
      <rect x="12" y="13" width="40" height="14" rx="4" fill="#f59e0b" />
      <rect x="26" y="25" width="12" height="28" rx="5" fill="#fff" />
      <rect x="26" y="39" width="12" height="14" rx="5" fill="#fbbf24" />
    </svg>
  );
}
