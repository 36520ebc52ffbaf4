import type { ParsedMail } from 'mailparser';
import { headerBlockProblem } from './header-block';
import { dmarcAligned, type SenderAuthentication } from './sender-verification';
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
const DMARC_WORDS: Record<string, string> = { fail: 'failed', none: 'has no policy' };

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
 * Whether a message from a client's verified address is the client's (docs/support-mail.md,
 * Verified senders): the checks and the reader must mean the same From, and then the client's
 * ticket token or a DMARC pass proves it. Answers why it is not, in the words the log shows
 * after "Held as sender not verified:", or null when the sender is proven.
 */
export function unprovenSender(evidence: SenderEvidence): string | null {
  const { fromAddress, client, thread, authentication } = evidence;
  const { dmarcPassedFor, dmarc, dmarcDomain } = authentication;
  // The checks and the reader must mean the same From, whatever proves the sender.
  const ambiguity = headerBlockProblem(evidence.raw) ?? severalSenders(evidence.mail);
  if (ambiguity) {
    return `${ambiguity}; mail programs read such a header in different ways, so a forged From can hide behind it`;
  }
  if (thread?.by === 'token' && thread.ticket.userId !== client.id) {
    return `the reply token is of another client's ticket (#${thread.ticket.number})`;
  }
  if (thread?.by === 'token') return null;
  if (!dmarcPassedFor) {
    const domain = dmarcDomain ?? fromAddress.split('@').pop();
    return `DMARC ${DMARC_WORDS[dmarc] ?? `gave ${dmarc}`} for ${domain} and there is no reply token of the client's ticket`;
  }
  // A pass proves the domain it was for: it counts only when that is the client's own.
  const clientAddress = client.email ?? fromAddress;
  if (!dmarcAligned(dmarcPassedFor, clientAddress)) {
    return `DMARC passed for ${dmarcPassedFor.split('@').pop()!.toLowerCase()}, not for the domain of the client's address ${clientAddress}, and there is no reply token of the client's ticket`;
  }
  return null;
}
