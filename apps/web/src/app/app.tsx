import { Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { Navbar } from '../components/layout/navbar.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { PageErrorBoundary } from '../components/layout/page-error-boundary.tsx';
import { useFocusPageHeading } from '../lib/use-focus-page-heading.ts';
import { useServerHeadOnItsPage } from '../components/seo/server-head-on-its-page.ts';
import { setUnauthorizedHandler, SIGNED_OUT_MESSAGE } from '../lib/api-client.ts';
import { HomePage } from './routes/home.tsx';
import { queryKeys } from '../lib/query-keys.ts';
import { forgetUserData } from '../features/auth/api/session-cache.ts';
import { lazyPart } from '../lib/lazy-part.ts';

// Every page but home is its own chunk (DESIGN.md decision 9).
// The footer is below the first screen on every page: it comes just after the first paint.
const Footer = lazyPart(() => import('../components/layout/footer.tsx').then((m) => ({ default: m.Footer })));
const PortfolioPage = lazyPart(() => import('./routes/portfolio.tsx'));
const BlogsPage = lazyPart(() => import('./routes/blogs.tsx'));
const LoginPage = lazyPart(() => import('./routes/login.tsx'));
const SignupPage = lazyPart(() => import('./routes/signup.tsx'));
const ResetPasswordPage = lazyPart(() => import('./routes/reset-password.tsx'));
// Signed in only: the guard comes with the page (it is not needed for the first paint).
const PurchasePage = lazyPart(() =>
  Promise.all([import('../features/auth/components/require-user.tsx'), import('./routes/purchase.tsx')]).then(
    ([{ RequireUser }, { default: Page }]) => ({
      default: () => (
        <RequireUser>
          <Page />
        </RequireUser>
      ),
    }),
  ),
);
const ToolsPage = lazyPart(() => import('./routes/tools.tsx'));
const ToolPage = lazyPart(() => import('./routes/tool.tsx'));
const CartPage = lazyPart(() => import('./routes/cart.tsx'));
const DashboardRoutes = lazyPart(() => import('./routes/dashboard/dashboard-routes.tsx'));
const NotFoundPage = lazyPart(() => import('./routes/not-found.tsx'));

/**
 * A lost session anywhere: forget the user and go home (spec section 4), saying why (signed out in
 * another tab, or the session expired): what was being done did not happen.
 */
function useUnauthorizedRedirect() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      const wasSignedIn = Boolean(queryClient.getQueryData(queryKeys.me));
      queryClient.setQueryData(queryKeys.me, null);
      forgetUserData(queryClient);
      navigate('/');
      // The toasts are loaded on demand, as the toaster is: not on the first page's budget.
      if (wasSignedIn) void import('react-hot-toast').then(({ toast }) => toast.error(SIGNED_OUT_MESSAGE, { id: 'signed-out' }));
    });
  }, [queryClient, navigate]);
}

export function App() {
  useUnauthorizedRedirect();
  const [location] = useLocation();
  useFocusPageHeading(location);
  useServerHeadOnItsPage(location);
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-base-100 focus:p-2"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="flex-1">
        <PageErrorBoundary resetKey={location}>
          <Suspense fallback={<Spinner />}>
            <Switch>
              <Route path="/" component={HomePage} />
              <Route path="/home" component={HomePage} />
              <Route path="/tools" component={ToolsPage} />
              <Route path="/tools/:id" component={ToolPage} />
              <Route path="/cart" component={CartPage} />
              <Route path="/portfolio" component={PortfolioPage} />
              <Route path="/blogs" component={BlogsPage} />
              <Route path="/login" component={LoginPage} />
              <Route path="/signup" component={SignupPage} />
              <Route path="/reset-password" component={ResetPasswordPage} />
              <Route path="/purchase/:id" component={PurchasePage} />
              <Route path="/dashboard" nest component={DashboardRoutes} />
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
