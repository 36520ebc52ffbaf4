import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { RootErrorBoundary, RouteErrorBoundary } from './error-boundaries';

function Broken(): never {
  throw new Error('Cannot read properties of undefined (reading "total")');
}

/** A lazy screen whose chunk is gone, as after a deploy (Chrome's wording). */
function missingChunk() {
  return lazy(() =>
    Promise.reject(
      new TypeError(
        'Failed to fetch dynamically imported module: http://localhost/assets/invoices-page-1a2b3c.js',
      ),
    ),
  );
}

beforeEach(() => {
  // React reports every error a boundary catches on the console; these tests cause them.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  window.sessionStorage.clear();
});

afterEach(() => {
  window.sessionStorage.clear();
});

describe('the root error boundary', () => {
  it('shows what happened and a focused Reload button instead of a blank page', async () => {
    const reload = vi.fn();
    render(
      <RootErrorBoundary reload={reload}>
        <Broken />
      </RootErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This page ran into an error and could not be shown.');
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    const button = screen.getByRole('button', { name: 'Reload' });
    expect(button).toHaveFocus();
    expect(reload).not.toHaveBeenCalled();
    await userEvent.setup().click(button);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once by itself for a missing chunk, then shows the screen if it is still missing', async () => {
    const reload = vi.fn();
    const first = missingChunk();
    const view = render(
      <RootErrorBoundary reload={reload}>
        <Suspense fallback={null}>
          <Lazy component={first} />
        </Suspense>
      </RootErrorBoundary>,
    );
    expect(await screen.findByText('Loading the new version...')).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    view.unmount();

    // The page after that reload: same tab, same sessionStorage, the chunk still missing.
    const second = missingChunk();
    render(
      <RootErrorBoundary reload={reload}>
        <Suspense fallback={null}>
          <Lazy component={second} />
        </Suspense>
      </RootErrorBoundary>,
    );
    expect(
      await screen.findByRole('heading', { name: 'This page needs a reload' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The site was updated');
    expect(reload).toHaveBeenCalledTimes(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

function Lazy({ component: Component }: { component: ReturnType<typeof missingChunk> }) {
  return <Component />;
}

describe('a route error boundary', () => {
  it('tries again when the address changes', async () => {
    const location = memoryLocation({ path: '/admin/invoices/1' });
    render(
      <Router hook={location.hook}>
        <nav>The menu stays</nav>
        <RouteErrorBoundary reload={vi.fn()}>
          <Switch>
            <Route path="/admin/invoices/:id" component={Broken} />
            <Route path="/admin/clients">
              <h1>Clients</h1>
            </Route>
          </Switch>
        </RouteErrorBoundary>
      </Router>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByText('The menu stays')).toBeVisible();

    act(() => location.navigate('/admin/clients'));
    expect(screen.getByRole('heading', { name: 'Clients' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => location.navigate('/admin/invoices/2'));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  });
});
