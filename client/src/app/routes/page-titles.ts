import { paths } from '@/lib/paths';

/**
 * The document title of every screen of the route table, by route pattern: the browser tab
 * reads "Invoices · Coast & Code Studio". Checked in order, so a fixed address
 * (/admin/invoices/new) comes before the record pattern that would also match it
 * (/admin/invoices/:id), as in the route tables. The catch-all patterns ('/portal/*',
 * '/admin/*', '/*') are the not-found pages. A new route needs a line here: a test walks
 * the route table and fails for a pattern without one.
 */
export const PAGE_TITLES: ReadonlyArray<readonly [pattern: string, title: string]> = [
  [paths.signup.pattern, 'Create your account'],
  [paths.pay.pattern, 'Pay your invoice'],
  [paths.proposal.pattern, 'Proposal'],
  [paths.privacy.pattern, 'Privacy Policy'],
  [paths.terms.pattern, 'Terms of Service'],
  [paths.portal.root.pattern, 'Client Portal'],
  [paths.portal.dashboard.pattern, 'Client Portal'],
  [paths.portal.newTicket.pattern, 'New Ticket'],
  [paths.portal.support.pattern, 'Support Tickets'],
  [paths.portal.ticket.pattern, 'Support Ticket'],
  [paths.portal.subscribe.pattern, 'Choose Your Plan'],
  [paths.portal.area.pattern, 'Page not found'],
  [paths.admin.root.pattern, 'Admin sign in'],
  [paths.admin.login.pattern, 'Admin sign in'],
  [paths.admin.forgotPassword.pattern, 'Forgot password'],
  [paths.admin.resetPassword.pattern, 'Choose a new password'],
  [paths.admin.setup.pattern, 'Set up the first admin'],
  [paths.admin.acceptInvite.pattern, 'Accept your invitation'],
  [paths.admin.twoFactorSetup.pattern, 'Two-factor authentication'],
  [paths.admin.dashboard.pattern, 'Dashboard'],
  [paths.admin.invoices.pattern, 'Invoices'],
  [paths.admin.newInvoice.pattern, 'New Invoice'],
  [paths.admin.upcomingRenewals.pattern, 'Upcoming renewals'],
  [paths.admin.editInvoice.pattern, 'Edit Invoice'],
  [paths.admin.invoice.pattern, 'Invoice'],
  [paths.admin.payments.pattern, 'Payments'],
  [paths.admin.plans.pattern, 'Plans'],
  [paths.admin.clients.pattern, 'Clients'],
  [paths.admin.inviteClient.pattern, 'Invite a client'],
  [paths.admin.client.pattern, 'Client'],
  [paths.admin.sites.pattern, 'Websites'],
  [paths.admin.support.pattern, 'Support'],
  [paths.admin.inbound.pattern, 'Inbound e-mail'],
  [paths.admin.inboundMessage.pattern, 'Inbound e-mail'],
  [paths.admin.ticket.pattern, 'Support Ticket'],
  [paths.admin.requests.pattern, 'Consultation Requests'],
  [paths.admin.outbox.pattern, 'Outbox'],
  [paths.admin.outboxMessage.pattern, 'Outbox'],
  [paths.admin.settings.pattern, 'Settings'],
  [paths.admin.websitePreview.pattern, 'Website preview'],
  [paths.admin.website.pattern, 'Website'],
  [paths.admin.audit.pattern, 'Audit log'],
  [paths.admin.marketingTool.pattern, 'Marketing Tool'],
  [paths.admin.area.pattern, 'Page not found'],
  ['/*', 'Page not found'],
];
