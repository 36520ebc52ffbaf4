import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-request';
import { paths } from '@/lib/paths';
import { FrameAlert } from './admin-auth-frame';

/** A one-time link's page: its form once the server says the link works, else why not. */
export function LinkGate<Data>({
  link,
  fallback,
  children,
}: {
  link: UseQueryResult<Data>;
  fallback: string;
  children: (data: Data) => ReactNode;
}) {
  if (link.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Checking the link" />
      </div>
    );
  }
  if (link.isError) {
    return (
      <>
        <FrameAlert>{errorMessage(link.error, fallback)}</FrameAlert>
        <p className="text-center text-sm">
          <Link
            href={paths.admin.login()}
            className="text-primary underline-offset-4 hover:underline"
          >
            Go to sign in
          </Link>
        </p>
      </>
    );
  }
  return <>{children(link.data)}</>;
}
