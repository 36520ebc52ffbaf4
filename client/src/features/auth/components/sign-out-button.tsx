import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useLogout } from '../api/logout';

/**
 * The client's sign-out: a POST (a link to a GET would let any site sign the client out),
 * then the provider's end-session page, then home.
 */
export function SignOutButton({
  children,
  navigate,
  ...props
}: Omit<ButtonProps, 'onClick'> & { children: ReactNode; navigate?: (url: string) => void }) {
  const logout = useLogout(navigate);
  return (
    <Button
      {...props}
      onClick={() => logout.mutate()}
      disabled={logout.isPending || logout.isSuccess}
    >
      {children}
    </Button>
  );
}
