import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useClientPasswordResetStatus, useSendClientPasswordReset } from '../api/password-reset';

/**
 * The client's password, on their page: for a client of the built-in sign-in provider, the
 * agency can e-mail them a link to choose a new one; a client of an external provider is
 * told to reset it there. Says what was sent, next to the button.
 */
export function PasswordResetCard({ clientId }: { clientId: string }) {
  const status = useClientPasswordResetStatus(clientId);
  const send = useSendClientPasswordReset(clientId);
  if (!status.data) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Password</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {status.data.available ? (
          <>
            <p className="text-sm text-muted-foreground">
              E-mail the client a link to choose a new password. Their current password keeps
              working until they do.
            </p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={send.isPending}
              onClick={() => send.mutate()}
            >
              <KeyRound className="h-4 w-4" aria-hidden="true" />
              {send.isPending ? 'Sending...' : 'Send password reset e-mail'}
            </Button>
            <p role="status" className="text-sm">
              {send.isSuccess ? send.data.message : ''}
            </p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            This client signs in with an external provider: their password is reset there.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
