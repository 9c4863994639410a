import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Icon } from '../ui/icon.tsx';
import { CATALOG_SEARCH_ID } from '../ui/search-input.tsx';
import { focusOnArrival } from '../../lib/focus.ts';
import { BrandMark } from './brand-mark.tsx';
import { NavbarSearch } from './navbar-search.tsx';
import { CartLink } from '../../features/cart/components/cart-link.tsx';

const links = [
  { href: '/', label: 'Home', match: (path: string) => path === '/' || path === '/home' },
  { href: '/tools', label: 'Tools', match: (path: string) => path === '/tools' || path.startsWith('/tools/') },
  { href: '/portfolio', label: 'portfolio', match: (path: string) => path === '/portfolio' },
  { href: '/blogs', label: 'Blogs', match: (path: string) => path === '/blogs' },
];

const linkClass = (active: boolean) =>
  `rounded-field px-3 py-2 font-medium transition-colors hover:bg-base-200 hover:text-primary ${active ? 'bg-primary/10 text-primary' : 'text-base-content/80'}`;

/**
 * Brand, the catalog search, Home, Tools, portfolio, Blogs, Dashboard (signed in only), and Login or Sign Out. On narrow
 * screens the links fold into a menu button (Escape or a navigation closes it).
 */
export function Navbar() {
  const me = useMe();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);
  const [location, navigate] = useLocation();
  // The menu is open for the page it was opened on: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location;
  const setOpen = (value: boolean) => setOpenOn(value ? location : null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const signedIn = Boolean(me.data);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const items = (vertical: boolean) => (
    <>
      {links.map((l) => {
        const active = l.match(location);
        return (
          <li key={l.href}>
            <Link href={l.href} className={`block ${linkClass(active)}`} aria-current={active ? 'page' : undefined}>
              {l.label}
            </Link>
          </li>
        );
      })}
      {signedIn && (
        <li>
          <Link
            href="/dashboard"
            className={`block ${linkClass(location.startsWith('/dashboard'))}`}
            aria-current={location.startsWith('/dashboard') ? 'page' : undefined}
          >
            Dashboard
          </Link>
        </li>
      )}
      {!vertical && (
        <li>
          <CartLink active={location === '/cart'} />
        </li>
      )}
      <li className={vertical ? 'mt-2 border-t border-base-300 pt-3' : 'ml-2'}>
        {signedIn ? (
          <button
            type="button"
            className={`btn btn-outline btn-primary btn-sm ${vertical ? 'w-full' : ''}`}
            disabled={signingOut}
            onClick={() => {
              // Its code loads on the click: the first page carries no sign-out (nor mutation) code.
              setSigningOut(true);
              void import('../../features/auth/api/sign-out.ts')
                .then(({ signOutAndForget }) => signOutAndForget(queryClient))
                .catch(() => undefined)
                .finally(() => {
                  setSigningOut(false);
                  navigate('/');
                });
            }}
          >
            Sign Out
          </button>
        ) : (
          <Link
            href="/login"
            className={`btn btn-primary btn-sm ${vertical ? 'w-full' : ''}`}
            aria-current={location === '/login' ? 'page' : undefined}
          >
            Login
          </Link>
        )}
      </li>
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur supports-[backdrop-filter]:bg-base-100/85">
      <nav className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4" aria-label="Main">
        <Link href="/" className="flex items-center gap-2 rounded-field text-xl font-extrabold tracking-tight text-primary">
          <BrandMark />
          <span>
            Tools<span className="text-amber-700">ify</span>
          </span>
          <span className="sr-only">Manufacturer LTD., home</span>
        </Link>
        {/* The catalog page has its own, bigger search box. */}
        {location !== '/tools' && <NavbarSearch className="hidden max-w-xs flex-1 lg:block" />}
        {/* On a tablet the links leave no room for the box: a way to the catalog's search box instead. */}
        {location !== '/tools' && (
          <Link
            href="/tools"
            state={focusOnArrival(CATALOG_SEARCH_ID)}
            className="btn btn-ghost btn-sm btn-square ml-auto hidden md:inline-flex lg:hidden"
            aria-label="Search tools"
          >
            <Icon name="search" className="h-5 w-5" />
          </Link>
        )}
        <ul className="hidden items-center gap-1 md:flex">{items(false)}</ul>
        {/* On a phone the cart stays in the bar, beside the menu button. */}
        <div className="ml-auto md:hidden">
          <CartLink active={location === '/cart'} />
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-ghost btn-square md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen(!open)}
        >
          <Icon name={open ? 'close' : 'menu'} className="h-6 w-6" />
          <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
        </button>
      </nav>
      <div id={menuId} hidden={!open} className="border-t border-base-300 bg-base-100 px-4 pb-4 pt-2 shadow-md md:hidden">
        {location !== '/tools' && <NavbarSearch className="mb-2" />}
        <ul className="flex flex-col gap-1">{items(true)}</ul>
      </div>
    </header>
  );
}
