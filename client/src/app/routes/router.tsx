import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { RouteErrorBoundary } from '@/app/error-boundaries';

// Route-level code splitting: a visitor of / downloads no portal or admin code.
const HomePage = lazy(() =>
  import('@/features/landing/pages/home-page').then((m) => ({ default: m.HomePage })),
);
const PortalRoutes = lazy(() =>
  import('./portal-routes').then((m) => ({ default: m.PortalRoutes })),
);
const NotFoundPage = lazy(() =>
  import('@/components/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
const AdminRoutes = lazy(() => import('./admin-routes').then((m) => ({ default: m.AdminRoutes })));

const SignupPage = lazy(() =>
  import('@/features/signup-links/pages/signup-page').then((m) => ({ default: m.SignupPage })),
);

const PayPage = lazy(() =>
  import('@/features/payments/pages/pay-page').then((m) => ({ default: m.PayPage })),
);

/**
 * The route table of spec section 2, plus /signup/{token} for invited clients and
 * /pay/{token} for an invoice's pay link.
 */
export function AppRouter() {
  return (
    <RouteErrorBoundary fullScreen>
      <Suspense fallback={<FullScreenSpinner />}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/portal">
            <Redirect to="/portal/dashboard" replace />
          </Route>
          <Route path="/portal/*" component={PortalRoutes} />
          <Route path="/admin">
            <Redirect to="/admin/login" replace />
          </Route>
          <Route path="/admin/*" component={AdminRoutes} />
          <Route path="/signup/:token" component={SignupPage} />
          <Route path="/pay/:token" component={PayPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}
