/** What other features may use of payments. */
export { usePaymentSettings } from './api/get-payment-settings';
export { HowToPay } from './components/how-to-pay';
export { PayNowButton } from './components/pay-now-button';
export { PaymentCard } from './components/payment-card';
export { PaymentPayout } from './components/payment-payout';
export { useCheckoutReturn } from './components/use-checkout-return';
export { useLeavingForStripe } from './components/use-leaving-for-stripe';
