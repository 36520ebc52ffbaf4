import type { ParsedMail } from 'mailparser';

/** A message that is answered by nobody: a robot's reply or a delivery report. */
export interface Unanswerable {
  state: 'auto_reply' | 'bounce';
  detail: string;
}

type Rule = (mail: ParsedMail, envelopeFrom: string | null) => string | null;

const header = (mail: ParsedMail, name: string): string | null => {
  const value = mail.headers.get(name);
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'value' in value && typeof value.value === 'string') {
    return value.value;
  }
  return String(value);
};

const OUT_OF_OFFICE =
  /^\s*(auto(matic)?[ -]?(reply|response|antwort)|out of (the )?office|absence|abwesenheit|r[ée]ponse automatique|away from (the )?office|on vacation|vacation reply)\b/i;

/** Robots' replies: each rule names the header that gave it away (RFC 3834 and practice). */
const AUTO_REPLY_RULES: Rule[] = [
  (mail) => {
    const value = header(mail, 'auto-submitted')?.split(';')[0]?.trim().toLowerCase();
    return value && value !== 'no' ? `Auto-Submitted: ${value}` : null;
  },
  (mail) => (header(mail, 'x-autoreply') !== null ? 'X-Autoreply header' : null),
  (mail) => (header(mail, 'x-autorespond') !== null ? 'X-Autorespond header' : null),
  (mail) => (header(mail, 'x-autoresponder') !== null ? 'X-Autoresponder header' : null),
  (mail) => {
    const value = header(mail, 'precedence')?.trim().toLowerCase();
    return value && ['bulk', 'junk', 'list', 'auto_reply'].includes(value)
      ? `Precedence: ${value}`
      : null;
  },
  (mail) => (header(mail, 'list-id') !== null ? 'a mailing list (List-Id)' : null),
  (mail) => (OUT_OF_OFFICE.test(mail.subject ?? '') ? 'an out-of-office subject' : null),
];

/** Delivery reports: a message about a message we sent, never from a person. */
const BOUNCE_RULES: Rule[] = [
  (mail) => {
    const type = mail.headers.get('content-type');
    const value = typeof type === 'object' && type && 'value' in type ? type.value : '';
    const params =
      typeof type === 'object' && type && 'params' in type
        ? (type.params as Record<string, string>)
        : {};
    return String(value).toLowerCase() === 'multipart/report' &&
      /delivery-status/i.test(params['report-type'] ?? '')
      ? 'a delivery status notification (multipart/report)'
      : null;
  },
  (mail) => {
    const from = mail.from?.value[0]?.address?.toLowerCase() ?? '';
    return /^(mailer-daemon|postmaster)@/.test(from) ? `sent by ${from}` : null;
  },
  (_mail, envelopeFrom) =>
    envelopeFrom !== null && envelopeFrom.replace(/[<>\s]/g, '') === ''
      ? 'an empty return path (MAIL FROM:<>)'
      : null,
  (mail) =>
    (header(mail, 'return-path') ?? '').replace(/[\s]/g, '') === '<>'
      ? 'an empty return path (Return-Path: <>)'
      : null,
];

/**
 * Whether the message is one nobody answers, and why: a delivery report (bounce) first,
 * as reports often carry an Auto-Submitted header too, then a robot's reply.
 */
export function classifyUnanswerable(
  mail: ParsedMail,
  envelopeFrom: string | null,
): Unanswerable | null {
  for (const rule of BOUNCE_RULES) {
    const why = rule(mail, envelopeFrom);
    if (why) return { state: 'bounce', detail: `Bounce: ${why}. Not answered.` };
  }
  for (const rule of AUTO_REPLY_RULES) {
    const why = rule(mail, envelopeFrom);
    if (why) return { state: 'auto_reply', detail: `Automatic reply: ${why}. Not answered.` };
  }
  return null;
}
