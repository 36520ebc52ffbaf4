/**
 * What other features and app/ may use of sales tax (issue 39): the Settings card of rates,
 * the client page's Tax card, and the pieces the invoice and proposal forms draw.
 */
export { useActiveTaxRates } from './api/active-tax-rates';
export { AppliedTaxLines } from './components/applied-tax-lines';
export { ClientTaxCard } from './components/client-tax-card';
export { TaxRateChecklist } from './components/tax-rate-checklist';
export { percentLabel, rateLabel } from './components/tax-rate-label';
export { TaxRatesCard } from './components/tax-rates-card';
