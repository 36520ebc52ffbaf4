import { UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import type { ClientDetail } from '@shared/schemas/clients';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/dates';
import { useSetClientActive } from '../api/client-account';

/**
 * Deactivate or reactivate the client's account, each after a confirmation. A plan that
 * still renews must be cancelled first (a deactivated client could not sign in to see or pay
 * its renewals): the button says so instead of failing.
 */
export function ClientAccessCard({ detail }: { detail: ClientDetail }) {
  const { profile, subscription } = detail;
  const [asking, setAsking] = useState(false);
  const setActive = useSetClientActive(profile.id);
  const deactivated = profile.deactivatedAt !== null;
  const renews =
    (subscription?.status === 'active' || subscription?.status === 'past_due') &&
    !subscription.cancelAtPeriodEnd;
  const requestWaiting = subscription?.status === 'pending';

  const change = (active: boolean) =>
    setActive.mutate(active, {
      onSuccess: ({ message }) => {
        toast({
          title: active ? 'Account Reactivated' : 'Account Deactivated',
          description: message,
        });
        setAsking(false);
      },
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Account access</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {deactivated ? (
          <>
            <p className="text-sm">
              Deactivated on {formatDate(profile.deactivatedAt!)}: {profile.name} cannot sign in.
              Their invoices, payments, tickets and notes stay here.
            </p>
            <Button variant="outline" onClick={() => setAsking(true)}>
              <UserCheck className="h-4 w-4" aria-hidden="true" /> Reactivate account
            </Button>
          </>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {renews
                ? 'Their plan still renews: cancel it (at the period end or now) before deactivating the account.'
                : 'Deactivating signs the client out everywhere and refuses their sign-in; everything of theirs is kept, and you can reactivate it.'}
            </p>
            <Button variant="destructive" disabled={renews} onClick={() => setAsking(true)}>
              <UserX className="h-4 w-4" aria-hidden="true" /> Deactivate account
            </Button>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={deactivated ? 'Reactivate this account?' : 'Deactivate this account?'}
        description={
          deactivated
            ? `${profile.name} can sign in to the portal again, with the same e-mail and password.`
            : `${profile.name} is signed out everywhere and cannot sign in until you reactivate the account. Their invoices, payments, tickets and notes stay, and an unpaid invoice can still be paid by its pay link.${requestWaiting ? ' Their plan request, not paid yet, is withdrawn.' : ''}`
        }
        cancelLabel="Back"
        confirmLabel={deactivated ? 'Reactivate account' : 'Deactivate account'}
        confirmVariant={deactivated ? 'default' : 'destructive'}
        pendingLabel={deactivated ? 'Reactivating...' : 'Deactivating...'}
        pending={setActive.isPending}
        onConfirm={() => change(deactivated)}
      />
    </Card>
  );
}
