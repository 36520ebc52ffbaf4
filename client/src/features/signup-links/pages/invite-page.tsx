import { ArrowLeft } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SignupLinkGenerator } from '@/features/signup-links/components/signup-link-generator';
import { SignupLinksTable } from '@/features/signup-links/components/signup-links-table';
import { paths } from '@/lib/paths';

const STEPS = [
  ['Generate a link', "Enter the client's e-mail and the plan you agreed on."],
  ['Send it', 'Copy the link or the ready e-mail, or send the e-mail from here.'],
  [
    'The client signs up',
    'They create their account with that e-mail before the link expires (7 days, or as set in Settings); the link then stops working.',
  ],
  [
    'First invoice',
    'Their plan request appears with a draft invoice for the first month: send it, and the plan starts when it is paid.',
  ],
] as const;

/**
 * /admin/clients/invite?email=&name=: a signup link for a new client (filled in for the
 * person of a consultation request), and the links issued so far.
 */
export function InvitePage() {
  const query = new URLSearchParams(useSearch());
  const invitee = { email: query.get('email') ?? undefined, name: query.get('name') ?? undefined };
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Link
          href={paths.admin.clients()}
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All clients
        </Link>
        <h1 className="font-display text-3xl font-bold">Invite a client</h1>
        <p className="text-muted-foreground">
          Send a new client a link to create their account with the plan you agreed on.
        </p>
      </div>
      {/* One column that may shrink below its content (a long e-mail) on a phone. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <SignupLinkGenerator autoFocus invitee={invitee} />
        <Card>
          <CardHeader>
            <CardTitle>How it works</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="space-y-4">
              {STEPS.map(([title, text], index) => (
                <li key={title} className="flex gap-3">
                  <span
                    className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                    aria-hidden="true"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <p className="font-medium">{title}</p>
                    <p className="text-sm text-muted-foreground">{text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Signup Links</CardTitle>
        </CardHeader>
        <CardContent>
          <SignupLinksTable />
        </CardContent>
      </Card>
    </div>
  );
}
