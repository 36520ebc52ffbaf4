import { domainToASCII } from 'node:url';
import type { ParsedMail } from 'mailparser';
import { headerBlockProblem } from './header-block';
import type { SenderAuthentication } from './sender-verification';
import type { Thread } from './threading';

/** What is known of a message from a client's verified address when its sender is judged. */
export interface SenderEvidence {
  raw: Buffer;
  /** The message as mailparser read it, and the From address it is filed under. */
  mail: ParsedMail;
  fromAddress: string;
  /** The one client whose verified address that is. */
  client: { id: string; email: string | null };
  /** The ticket the message answers, and how it was found. */
  thread: Thread | null;
  authentication: SenderAuthentication;
}

/** DMARC's verdict in the log's words (any other verdict is named as mailauth gives it). */
const DMARC_WORDS: Record<string, string> = { fail: 'failed' };

/**
 * Why the From names no one sender: several addresses, or a group (mailparser files the
 * message under the first, DMARC checks none of them); null for a single address.
 */
function severalSenders(mail: ParsedMail): string | null {
  const entries = mail.from?.value ?? [];
  if (entries.some((entry) => entry.group)) return 'the From header names a group of addresses';
  return entries.length > 1 ? `the From header names ${entries.length} addresses` : null;
}

/**
 * An address as a key to compare: the local part in lower case, the domain as DNS knows it
 * (mailparser gives an internationalized one in Unicode, mailauth as written, often punycode);
 * null without a domain DNS could know.
 */
function addressKey(address: string): string | null {
  const at = address.lastIndexOf('@');
  const domain = at > 0 ? domainToASCII(address.slice(at + 1)) : '';
  return domain ? `${address.slice(0, at).toLowerCase()}@${domain}` : null;
}

/** Whether two addresses name one mailbox, compared by addressKey. */
function sameAddress(a: string, b: string | null): boolean {
  const key = addressKey(a);
  return key !== null && b !== null && key === addressKey(b);
}

/**
 * Whether a message from a client's verified address is the client's (docs/support-mail.md,
 * Verified senders): the checks and the reader must mean the same From, and then the client's
 * ticket token, a DMARC pass, or (when the domain has no DMARC record) a valid DKIM signature
 * aligned with the From domain proves it. Answers why it is not, in the words the log shows
 * after "Held as sender not verified:", or null when the sender is proven.
 */
export function unprovenSender(evidence: SenderEvidence): string | null {
  const { fromAddress, client, thread, authentication } = evidence;
  const { provenFor, provenBy, dmarc, dmarcDomain } = authentication;
  // The checks and the reader must mean the same From, whatever proves the sender.
  const ambiguity = headerBlockProblem(evidence.raw) ?? severalSenders(evidence.mail);
  if (ambiguity) {
    return `${ambiguity}; mail programs read such a header in different ways, so a forged From can hide behind it`;
  }
  if (thread?.by === 'token' && thread.ticket.userId !== client.id) {
    return `the reply token is of another client's ticket (#${thread.ticket.number})`;
  }
  if (thread?.by === 'token') return null;
  if (!provenFor) {
    const domain = dmarcDomain ?? fromAddress.split('@').pop();
    return `${unprovenDomain(dmarc, domain ?? '', authentication.spf)} and there is no reply token of the client's ticket`;
  }
  // The proof is for the From address mailauth read: it proves the client wrote only when that
  // is the very address mailparser files the message under, the client's. Two address parsers
  // can read one From as different addresses, on the client's own domain too (a colleague's).
  if (!sameAddress(provenFor, fromAddress) || !sameAddress(provenFor, client.email)) {
    const proof =
      provenBy === 'dkim' ? 'A DKIM signature aligned with its domain vouched' : 'DMARC passed';
    return `${proof} for ${provenFor}, not for ${fromAddress}, the client's address the message is filed under; mail programs read its From as different addresses, and there is no reply token of the client's ticket`;
  }
  return null;
}

/**
 * Why nothing proves the From domain sent the message, in the log's words: DMARC failed (or
 * could not be checked), or the domain has no DMARC record and no valid DKIM signature aligned
 * with it came; an SPF pass is named as proving nothing on its own.
 */
function unprovenDomain(dmarc: string, domain: string, spf: string): string {
  if (dmarc !== 'none') return `DMARC ${DMARC_WORDS[dmarc] ?? `gave ${dmarc}`} for ${domain}`;
  const spfAlone =
    spf === 'pass' ? ' (SPF passed, which other senders of a shared mail provider pass too)' : '';
  return `DMARC has no policy for ${domain}, no valid DKIM signature of ${domain} came with it${spfAlone},`;
}
