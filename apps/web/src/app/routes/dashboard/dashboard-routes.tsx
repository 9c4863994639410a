import { Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { RequireAdmin } from '../../../features/auth/components/require-admin.tsx';
import { RequireUser } from '../../../features/auth/components/require-user.tsx';
import { DashboardLayout } from './dashboard-layout.tsx';
import { lazyPart } from '../../../lib/lazy-part.ts';

// Each child page is its own chunk, loaded when its route is opened.
const ProfilePage = lazyPart(() => import('./profile.tsx'));
const OrdersPage = lazyPart(() => import('./orders.tsx'));
const OrderPage = lazyPart(() => import('./order.tsx'));
const ListsPage = lazyPart(() => import('./lists.tsx'));
const ReviewPage = lazyPart(() => import('./review.tsx'));
const PaymentPage = lazyPart(() => import('./payment.tsx'));
const UsersPage = lazyPart(() => import('./users.tsx'));
const ManagePage = lazyPart(() => import('./manage.tsx'));
const AddProductPage = lazyPart(() => import('./add.tsx'));
const ProductsPage = lazyPart(() => import('./products.tsx'));
const AuditPage = lazyPart(() => import('./audit.tsx'));
const ReviewsPage = lazyPart(() => import('./reviews.tsx'));
const ImportProductsPage = lazyPart(() => import('./products-import.tsx'));
const CategoriesPage = lazyPart(() => import('./categories.tsx'));
const StockHistoryPage = lazyPart(() => import('./stock-history.tsx'));
const InboxPage = lazyPart(() => import('./inbox.tsx'));
const NotFoundPage = lazyPart(() => import('../not-found.tsx'));

/** An admin-only child route: the page shows once the server confirms the admin role. */
function adminOnly(Page: ComponentType) {
  return function AdminOnlyPage() {
    return (
      <RequireAdmin>
        <Page />
      </RequireAdmin>
    );
  };
}

const UsersForAdmin = adminOnly(UsersPage);
const ManageForAdmin = adminOnly(ManagePage);
const AddProductForAdmin = adminOnly(AddProductPage);
const ProductsForAdmin = adminOnly(ProductsPage);
const AuditForAdmin = adminOnly(AuditPage);
const ReviewsForAdmin = adminOnly(ReviewsPage);
const ImportProductsForAdmin = adminOnly(ImportProductsPage);
const CategoriesForAdmin = adminOnly(CategoriesPage);
const StockHistoryForAdmin = adminOnly(StockHistoryPage);
const InboxForAdmin = adminOnly(InboxPage);

/**
 * /dashboard/*: signed-in people only (others go to /login and come back). The welcome
 * heading and the side menu by role frame the child routes; admin routes check the role.
 */
export default function DashboardRoutes() {
  return (
    <RequireUser>
      <DashboardLayout>
        <Suspense fallback={<Spinner label="Loading the page" />}>
          <Switch>
            <Route path="/" component={ProfilePage} />
            <Route path="/orders" component={OrdersPage} />
            <Route path="/orders/:id" component={OrderPage} />
            <Route path="/lists" component={ListsPage} />
            <Route path="/review" component={ReviewPage} />
            <Route path="/payment/:id" component={PaymentPage} />
            <Route path="/users" component={UsersForAdmin} />
            <Route path="/manage" component={ManageForAdmin} />
            <Route path="/add" component={AddProductForAdmin} />
            <Route path="/products" component={ProductsForAdmin} />
            <Route path="/products/import" component={ImportProductsForAdmin} />
            <Route path="/products/categories" component={CategoriesForAdmin} />
            <Route path="/products/:id/stock" component={StockHistoryForAdmin} />
            <Route path="/audit" component={AuditForAdmin} />
            <Route path="/reviews" component={ReviewsForAdmin} />
            <Route path="/inbox" component={InboxForAdmin} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </DashboardLayout>
    </RequireUser>
  );
}
