import { CheckCircle2, Circle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { SetupStep } from '@shared/schemas/dashboard';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { useSetupChecklist } from '@/features/dashboard/api/get-setup-checklist';

/** Remembered in this browser: the owner chose to set up the rest later. */
const HIDDEN_KEY = 'setup-checklist-hidden';

const STEPS: Record<SetupStep, { title: string; how: string; href: string; action: string }> = {
  businessDetails: {
    title: 'Business details',
    how: 'Your business name, e-mail and city appear on the site, invoices and e-mails.',
    href: paths.admin.settings(),
    action: 'Open Settings',
  },
  payments: {
    title: 'How clients pay',
    how: 'Write payment instructions in Settings, or set STRIPE_SECRET_KEY for card payments.',
    href: paths.admin.settings(),
    action: 'Add payment instructions',
  },
  mail: {
    title: 'Outgoing mail',
    how: 'Set SMTP_URL so e-mails reach people. Until then every e-mail waits in the Outbox.',
    href: paths.admin.outbox(),
    action: 'Open the Outbox',
  },
  legalPages: {
    title: 'Privacy policy and terms',
    how: 'Read the default Privacy Policy and Terms of Service in Settings, change what is not true for you, and save them.',
    href: paths.admin.settings(),
    action: 'Review the legal pages',
  },
  website: {
    title: 'Your own website words',
    how: 'The public site still shows sample portfolio items and testimonials. Replace or remove them on the Website screen and publish.',
    href: paths.admin.website(),
    action: 'Open Website',
  },
  firstClient: {
    title: 'First client',
    how: 'Invite a client with a signup link: they create their account and choose a plan.',
    href: paths.admin.inviteClient(),
    action: 'Invite a client',
  },
};

function readHidden(): boolean {
  try {
    return localStorage.getItem(HIDDEN_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * The dashboard's set-up checklist for a fresh install: each step done or not from the
 * server's real state, linking to where it is done. Gone once every step is done, or when
 * the owner hides it.
 */
export function SetupChecklist() {
  const checklist = useSetupChecklist();
  const [hidden, setHidden] = useState(readHidden);
  const steps = checklist.data?.steps;
  if (hidden || !steps || steps.every((step) => step.done)) return null;
  const done = steps.filter((step) => step.done).length;

  function hide() {
    try {
      localStorage.setItem(HIDDEN_KEY, 'true');
    } catch {
      // Private mode: hidden until the page reloads.
    }
    setHidden(true);
  }

  return (
    <Card role="region" aria-labelledby="setup-heading">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div>
          <CardTitle id="setup-heading">Set up your studio</CardTitle>
          <p className="mt-1 text-sm text-muted-foreground">
            {done} of {steps.length} done. Finish these before you send your first invoice.
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={hide}>
          Hide checklist
        </Button>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {steps.map(({ step, done: isDone }) => {
            const { title, how, href, action } = STEPS[step];
            return (
              <li
                key={step}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex items-start gap-3">
                  {isDone ? (
                    <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
                  ) : (
                    <Circle className="mt-0.5 h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
                  )}
                  <div>
                    <p className="font-medium">
                      {title}
                      <span className="sr-only">: {isDone ? 'done' : 'not done'}</span>
                    </p>
                    {!isDone && <p className="text-sm text-muted-foreground">{how}</p>}
                  </div>
                </div>
                {!isDone && (
                  <Button variant="outline" size="sm" asChild className="self-start sm:self-auto">
                    <Link href={href}>{action}</Link>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
