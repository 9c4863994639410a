import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { authMessages, type Me } from '@toolsify/shared/auth';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useSendVerificationEmail } from '../../../features/auth/api/send-verification-email.ts';
import { useInboxUnread } from '../../../features/contact/api/inbox.ts';
import { authErrorMessage } from '../../../features/auth/components/auth-error.ts';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';
import { usePageMeta } from '../../../components/seo/use-page-meta.ts';

interface MenuItem {
  href: string;
  label: string;
  icon: IconName;
  /** A count shown beside the label (the Inbox's unread messages), with what it counts for screen readers. */
  badge?: { count: number; label: string } | undefined;
}

/** The side menu by role (spec: user and admin menus), paths relative to /dashboard. */
const userMenu: MenuItem[] = [
  { href: '/', label: 'My Profile', icon: 'card' },
  { href: '/orders', label: 'My Orders', icon: 'boxes' },
  { href: '/review', label: 'Add a Review', icon: 'star' },
  // After the spec's three, as the admin's additions follow theirs.
  { href: '/lists', label: 'My Lists', icon: 'quantity' },
];
const adminMenu: MenuItem[] = [
  { href: '/', label: 'My Profile', icon: 'card' },
  { href: '/users', label: 'All Users', icon: 'users' },
  { href: '/manage', label: 'Manage All Orders', icon: 'truck' },
  { href: '/add', label: 'Add a Product', icon: 'factory' },
  { href: '/products', label: 'Manage Products', icon: 'quantity' },
  { href: '/audit', label: 'Audit Log', icon: 'shield' },
  { href: '/reviews', label: 'Reviews', icon: 'star' },
  { href: '/inbox', label: 'Inbox', icon: 'mail' },
];

/** The count on a menu item or on the phone's menu button: the number, and what it means to a screen reader. */
function CountBadge({ count, label, className = '' }: { count: number; label: string; className?: string }) {
  return (
    <span className={`badge badge-sm badge-secondary shrink-0 font-semibold ${className}`} data-testid="menu-badge">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> {label}</span>
    </span>
  );
}

function isActive(item: MenuItem, location: string) {
  return item.href === '/' ? location === '/' || location === '' : location === item.href || location.startsWith(`${item.href}/`);
}

/** The browser tab's title for a dashboard page: what the menu calls it, or the order it shows. */
function pageTitle(location: string, items: readonly MenuItem[], isAdmin: boolean): string {
  const order = /^\/orders\/(\d+)$/.exec(location);
  if (order) return `Order #${order[1]}`;
  const payment = /^\/payment\/(\d+)$/.exec(location);
  if (payment) return `Pay for order #${payment[1]}`;
  // An admin's first page is the sales overview above their profile.
  if (isAdmin && (location === '/' || location === '')) return 'Dashboard';
  return items.find((item) => isActive(item, location))?.label ?? 'Dashboard';
}

function SideMenu({ items, location, label }: { items: MenuItem[]; location: string; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-col gap-1">
        {items.map((item) => {
          const active = isActive(item, location);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={`flex items-center gap-3 rounded-field px-3 py-2.5 font-medium transition-colors ${
                  active ? 'bg-primary text-primary-content' : 'text-base-content/80 hover:bg-base-200 hover:text-primary'
                }`}
              >
                <Icon name={item.icon} className="h-5 w-5 shrink-0" />
                {item.label}
                {item.badge && item.badge.count > 0 && <CountBadge {...item.badge} className="ml-auto" />}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Asks the person to verify their email (with a resend), or thanks them when they just did. */
function VerificationNotice({ me }: { me: Me }) {
  const params = new URLSearchParams(useSearch());
  const resend = useSendVerificationEmail();
  const cameFromLink = params.get('verified') === '1';
  const linkError = cameFromLink && params.get('error');

  if (me.emailVerified) {
    return cameFromLink && !linkError ? (
      <p role="status" className="mb-6 rounded-box border border-success/40 bg-success/5 px-4 py-3 text-sm font-medium text-green-800">
        {authMessages.emailVerified}
      </p>
    ) : null;
  }
  return (
    <div className="mb-6 flex flex-col items-start gap-3 rounded-box border border-warning/50 bg-warning/10 px-4 py-3 text-sm text-base-content sm:flex-row sm:items-center">
      <p className="flex-1">
        {linkError ? `${authMessages.verifyLinkInvalid} ` : ''}
        Please verify your email address: we sent a link to <strong>{me.email}</strong>.
      </p>
      {resend.isSuccess ? (
        <p role="status" className="text-sm font-medium">
          {authMessages.verificationSent}
        </p>
      ) : (
        <button type="button" className="btn btn-sm btn-outline" disabled={resend.isPending} onClick={() => resend.mutate(me.email)}>
          Send it again
        </button>
      )}
      {resend.isError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {authErrorMessage(resend.error)}
        </p>
      )}
    </div>
  );
}

/**
 * The dashboard's frame: a welcome heading, the side menu for the person's role (a drawer on
 * phones, opened by the Dashboard menu button) and the page of the child route.
 */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const me = useMe();
  const [location] = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location; // any navigation closes the drawer
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const drawerId = useId();
  const user = me.data;
  const isAdmin = user?.role === 'admin';
  const unread = useInboxUnread(isAdmin).data ?? 0;
  const unreadBadge = { count: unread, label: unread === 1 ? 'unread message' : 'unread messages' };
  const items = isAdmin ? adminMenu.map((item) => (item.href === '/inbox' ? { ...item, badge: unreadBadge } : item)) : userMenu;
  // Each page its own tab title ("Manage All Orders | Toolsify Manufacturer LTD."): several admin tabs can be told apart.
  usePageMeta({ title: pageTitle(location, items, isAdmin) });

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        toggleRef.current?.focus();
        return;
      }
      // A modal drawer keeps the focus: Tab from its last control goes to its first, Shift+Tab back.
      const panel = panelRef.current;
      if (event.key !== 'Tab' || !panel) return;
      const controls = [...panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
      const first = controls[0];
      const last = controls.at(-1);
      if (!first || !last) return;
      const at = document.activeElement;
      const to = !panel.contains(at) ? first : event.shiftKey && at === first ? last : !event.shiftKey && at === last ? first : null;
      if (to) {
        event.preventDefault();
        to.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  if (!user) return null;
  return (
    <div className="bg-base-200/50">
      <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
        <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold text-primary sm:text-3xl">Welcome to your Dashboard</h1>
            <p className="mt-1 text-base-content/70">
              Signed in as <span className="font-medium text-base-content">{user.name}</span>
              {user.role === 'admin' && <span className="badge badge-secondary badge-sm ml-2 align-middle">Admin</span>}
            </p>
          </div>
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-outline btn-primary btn-sm gap-2 lg:hidden"
            aria-expanded={open}
            aria-controls={drawerId}
            onClick={() => setOpenOn(open ? null : location)}
          >
            <Icon name="menu" className="h-4 w-4" />
            Dashboard menu
            {isAdmin && unread > 0 && <CountBadge {...unreadBadge} />}
          </button>
        </header>
        <VerificationNotice me={user} />
        <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
          <aside className="hidden lg:block">
            <div className="sticky top-24 rounded-box border border-base-300 bg-base-100 p-3">
              <SideMenu items={items} location={location} label="Dashboard" />
            </div>
          </aside>
          <div className="min-w-0 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6" data-page-content>
            {children}
          </div>
        </div>
      </div>

      {open && (
        <div className="fixed inset-0 z-40 lg:hidden" id={drawerId}>
          <button
            type="button"
            className="absolute inset-0 h-full w-full cursor-default bg-neutral/50"
            aria-label="Close the dashboard menu"
            onClick={() => setOpenOn(null)}
          />
          <div
            ref={panelRef}
            role="dialog"
            aria-modal="true"
            aria-label="Dashboard menu"
            className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col gap-4 bg-base-100 p-4 shadow-xl"
          >
            <div className="flex items-center justify-between">
              <p className="font-semibold">Dashboard</p>
              <button
                type="button"
                className="btn btn-ghost btn-sm btn-square"
                aria-label="Close the dashboard menu"
                onClick={() => setOpenOn(null)}
              >
                <Icon name="close" className="h-5 w-5" />
              </button>
            </div>
            <SideMenu items={items} location={location} label="Dashboard menu" />
          </div>
        </div>
      )}
    </div>
  );
}
