import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { RouteErrorBoundary } from '@/app/error-boundaries';
import { DocumentTitle } from '@/app/document-title';

// Route-level code splitting: a visitor of / downloads no portal or admin code.
const HomePage = lazy(() =>
  import('@/features/landing/pages/home-page').then((m) => ({ default: m.HomePage })),
);
const PortalRoutes = lazy(() =>
  import('./portal-routes').then((m) => ({ default: m.PortalRoutes })),
);
// The legal pages and the not-found page.
const PublicRoutes = lazy(() =>
  import('./public-routes').then((m) => ({ default: m.PublicRoutes })),
);
const AdminRoutes = lazy(() => import('./admin-routes').then((m) => ({ default: m.AdminRoutes })));

const SignupPage = lazy(() =>
  import('@/features/signup-links/pages/signup-page').then((m) => ({ default: m.SignupPage })),
);

const PayPage = lazy(() =>
  import('@/features/payments/pages/pay-page').then((m) => ({ default: m.PayPage })),
);

const ProposalPage = lazy(() =>
  import('@/features/agreements/pages/proposal-page').then((m) => ({ default: m.ProposalPage })),
);

/**
 * The route table of spec section 2, plus /signup/{token} for invited clients,
 * /pay/{token} for an invoice's pay link, /proposals/{token} for a proposal to sign, and (in PublicRoutes) /privacy and /terms.
 */
export function AppRouter() {
  return (
    <RouteErrorBoundary fullScreen>
      <DocumentTitle />
      <Suspense fallback={<FullScreenSpinner />}>
        <Switch>
          <Route path={paths.home.pattern} component={HomePage} />
          <Route path={paths.portal.root.pattern}>
            <Redirect to={paths.portal.dashboard()} replace />
          </Route>
          <Route path={paths.portal.area.pattern} component={PortalRoutes} />
          <Route path={paths.admin.root.pattern}>
            <Redirect to={paths.admin.login()} replace />
          </Route>
          <Route path={paths.admin.area.pattern} component={AdminRoutes} />
          <Route path={paths.signup.pattern} component={SignupPage} />
          <Route path={paths.pay.pattern} component={PayPage} />
          <Route path={paths.proposal.pattern} component={ProposalPage} />
          <Route component={PublicRoutes} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}
