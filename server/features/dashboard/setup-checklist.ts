import { SETUP_STEPS, type SetupChecklist, type SetupStep } from '@shared/schemas/dashboard';

export interface SetupChecklistDeps {
  /** Whether the owner has saved the business details once (the settings feature). */
  businessDetailsSaved: () => Promise<boolean>;
  /** The payment instructions written in Settings ('' when none). */
  paymentInstructions: () => Promise<string>;
  /** Stripe is configured: clients can pay by card. */
  onlinePayments: boolean;
  /** SMTP_URL is set: e-mail leaves the machine instead of staying in the outbox. */
  smtpConfigured: boolean;
  /** The owner has saved /privacy and /terms once each, after reading them (settings feature). */
  legalPagesReviewed: () => Promise<boolean>;
  /** The published landing page shows no sample portfolio item or testimonial (site-content). */
  siteSamplesReplaced: () => Promise<boolean>;
  clientCount: () => Promise<number>;
}

/**
 * The dashboard's set-up checklist for a fresh install: each step done or not from the real
 * state, so it disappears by itself once the owner has done them all.
 */
export function createSetupChecklist(deps: SetupChecklistDeps) {
  return async function setupChecklist(): Promise<SetupChecklist> {
    const [saved, instructions, legalPages, website, clients] = await Promise.all([
      deps.businessDetailsSaved(),
      deps.paymentInstructions(),
      deps.legalPagesReviewed(),
      deps.siteSamplesReplaced(),
      deps.clientCount(),
    ]);
    const done: Record<SetupStep, boolean> = {
      businessDetails: saved,
      payments: deps.onlinePayments || instructions.trim() !== '',
      mail: deps.smtpConfigured,
      legalPages,
      website,
      firstClient: clients > 0,
    };
    return { steps: SETUP_STEPS.map((step) => ({ step, done: done[step] })) };
  };
}
export type SetupChecklistQuery = ReturnType<typeof createSetupChecklist>;
