import { Route, Switch } from 'wouter';
import { NotFoundPage } from '@/components/not-found-page';
import { paths } from '@/lib/paths';
import { LegalPage } from '@/features/legal/pages/legal-page';

/**
 * The public addresses beyond the landing page, the sign-up and the pay links: the legal
 * pages, and the not-found page for anything else. One lazily loaded chunk, the top-level
 * router's catch-all, so that the landing page's script carries no route of its own for them.
 */
export function PublicRoutes() {
  return (
    <Switch>
      <Route path={paths.privacy.pattern} component={LegalPage} />
      <Route path={paths.terms.pattern} component={LegalPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
