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

const notStored = async (_target: string, files: InboundFile[]) => ({
  saved: [],
  refused: files.map((file) => ({
    filename: file.filename,
    reason: 'attachments are not stored yet',
  })),
});

/**
 * Until attachments are stored, every file of an e-mail is named as not kept, with the
 * reason, in the inbound log and in the automatic answer to the client.
 */
export const attachmentsNotStored: InboundAttachments = {
  saveForMessage: notStored,
  saveForTicket: notStored,
};
