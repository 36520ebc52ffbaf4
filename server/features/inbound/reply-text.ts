import EmailReplyParser from 'email-reply-parser';
import { convert } from 'html-to-text';
import type { ParsedMail } from 'mailparser';
import { REPLY_ABOVE_MARKER } from '../tickets/ticket-mail';

/** HTML reduced to text: links as "text [url]", images and scripts dropped, never rendered. */
export function htmlToSafeText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  });
}

/** The message's whole text: its text part, or its HTML part reduced to text. */
export function fullText(mail: ParsedMail): string {
  const text = mail.text?.trim() ? mail.text : mail.html ? htmlToSafeText(mail.html) : '';
  return normalise(text);
}

function normalise(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // Control characters other than tab and newline have no place in a ticket message.
      .replace(/(?![\t\n])\p{Cc}/gu, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/**
 * The longest text the reply parser is given. It builds several objects per line, about 60
 * times the text's size in memory and half a second of blocked event loop a megabyte: a longer
 * text (a document pasted into a mail, not an answer) is kept as it is, quotes included.
 */
export const REPLY_PARSER_MAX_CHARS = 256 * 1024;

/**
 * What the client wrote this time: the text above our "reply above this line" marker, then
 * without the quoted history and signature (email-reply-parser). Never empty while the
 * mail has text: a message that is all quote is kept whole rather than lost.
 */
export function replyText(mail: ParsedMail): { text: string; full: string } {
  const full = fullText(mail);
  const markerAt = full.indexOf(REPLY_ABOVE_MARKER);
  let above = markerAt === -1 ? full : full.slice(0, markerAt);
  if (markerAt !== -1) {
    // The client's mail program adds its own "On …, … wrote:" line above our marker.
    above = above.replace(/\n[^\n]*(wrote|schrieb|a écrit|escribió)\s*:?\s*(\n>?\s*)*$/i, '');
  }
  if (above.length > REPLY_PARSER_MAX_CHARS) return { text: normalise(above) || full, full };
  const stripped = normalise(new EmailReplyParser().parseReply(above));
  return { text: stripped || normalise(above) || full, full };
}
