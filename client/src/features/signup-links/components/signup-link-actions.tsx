import { Copy, Send, XCircle } from 'lucide-react';
import { useState } from 'react';
import { deliveryTitle } from '@shared/schemas/mail';
import type { SignupLink } from '@shared/schemas/signup-links';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { copyToClipboard } from '@/lib/copy-to-clipboard';
import { useRenewSignupLink } from '../api/renew-signup-link';
import { useResendSignupLink } from '../api/resend-signup-link';
import { useRevokeSignupLink } from '../api/revoke-signup-link';

/**
 * What the admin can do with one invitation of the list: copy a link, e-mail it again,
 * revoke it. Only the link's hash is stored, so copying and re-sending make a new link, valid
 * for the days set in Settings again, and the previous one stops working (said on the
 * buttons' descriptions).
 * A used or revoked invitation has nothing left to do.
 */
export function SignupLinkActions({ link }: { link: SignupLink }) {
  const renew = useRenewSignupLink();
  const resend = useResendSignupLink();
  const revoke = useRevokeSignupLink();
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  if (link.state === 'used' || link.state === 'revoked') {
    return <span className="text-muted-foreground">None</span>;
  }

  const copy = () =>
    renew.mutate(link.id, {
      onSuccess: ({ signupUrl }) => {
        void copyToClipboard(signupUrl, `A new signup link for ${link.email}`);
      },
    });
  const send = () =>
    resend.mutate(link.id, {
      onSuccess: (result) =>
        toast({
          title: deliveryTitle(result.delivery, 'Invitation Sent'),
          description: result.message,
        }),
    });

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={renew.isPending}
        aria-label={`Copy a new link for ${link.email}`}
        title="Makes a new link, valid for the days set in Settings; the previous link stops working"
        onClick={copy}
      >
        <Copy className="h-4 w-4" aria-hidden="true" />
        {renew.isPending ? 'Copying...' : 'Copy link'}
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={resend.isPending}
        aria-label={`Re-send the invitation to ${link.email}`}
        title="E-mails a new link, valid for the days set in Settings; the previous link stops working"
        onClick={send}
      >
        <Send className="h-4 w-4" aria-hidden="true" />
        {resend.isPending ? 'Sending...' : 'Re-send'}
      </Button>
      {link.state === 'waiting' && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-label={`Revoke the link for ${link.email}`}
          onClick={() => setConfirmRevoke(true)}
        >
          <XCircle className="h-4 w-4" aria-hidden="true" />
          Revoke
        </Button>
      )}
      <ConfirmDialog
        open={confirmRevoke}
        onOpenChange={setConfirmRevoke}
        title="Revoke this signup link?"
        description={`The link sent to ${link.email} will no longer open. You can send them a new one later.`}
        confirmLabel="Revoke link"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(link.id, {
            onSuccess: () => {
              setConfirmRevoke(false);
              toast({
                title: 'Link revoked',
                description: `The link for ${link.email} no longer opens.`,
              });
            },
          })
        }
      />
    </div>
  );
}
