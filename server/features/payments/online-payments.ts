import { AppError } from '../../lib/errors';
import type { StripeGateway } from './stripe-gateway';

export const PAYMENTS_OFF = 'Online payment is not set up. Please pay as the invoice describes.';

/** Stripe, for a use case that cannot work without it: a 503 saying how to pay instead. */
export function requireGateway(gateway: StripeGateway | null): StripeGateway {
  if (!gateway) throw new AppError(503, PAYMENTS_OFF);
  return gateway;
}
