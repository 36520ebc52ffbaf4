/** A file that came with an e-mail, as the parser found it. */
export interface InboundFile {
  filename: string;
  contentType?: string;
  bytes: Buffer;
}

/** A file that was not kept, and why (the client is told, the log shows it). */
export interface RefusedFile {
  filename: string;
  reason: string;
}

/**
 * Where the files of a client's e-mail go: the attachments feature's `saveForMessage` (an
 * answer on a ticket) and `saveForTicket` (an e-mail that opened one), with its checks (size,
 * type by the bytes, virus scan). Whatever it does not keep comes back refused with the
 * reason, so nothing is lost silently; when it throws (storage down), every file is named
 * as not kept with that reason.
 */
export interface InboundAttachments {
  saveForMessage(
    ticketMessageId: string,
    files: InboundFile[],
  ): Promise<{ saved: unknown[]; refused: RefusedFile[] }>;
  saveForTicket(
    ticketId: string,
    files: InboundFile[],
  ): Promise<{ saved: unknown[]; refused: RefusedFile[] }>;
}
