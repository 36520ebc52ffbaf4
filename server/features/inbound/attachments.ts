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
 * A file that was kept under another name: its contents are not what its name said
 * ("statement.bat" holding a PDF is kept as "statement.pdf"). The client is told, like a
 * refused file.
 */
export interface RenamedFile {
  filename: string;
  keptAs: string;
  reason: string;
}

/**
 * Where the files of a client's e-mail go: the attachments feature's `saveForMessage` (an
 * answer on a ticket) and `saveForTicket` (an e-mail that opened one), with its checks (size,
 * type by the bytes, virus scan). Whatever it does not keep comes back refused with the
 * reason, so nothing is lost silently, and whatever it keeps under another name than the
 * sender's comes back renamed; when it throws (storage down), every file is named as not
 * kept with that reason.
 */
export interface InboundAttachments {
  saveForMessage(
    ticketMessageId: string,
    files: InboundFile[],
  ): Promise<{ saved: unknown[]; refused: RefusedFile[]; renamed: RenamedFile[] }>;
  saveForTicket(
    ticketId: string,
    files: InboundFile[],
  ): Promise<{ saved: unknown[]; refused: RefusedFile[]; renamed: RenamedFile[] }>;
}

/** The files kept under another name, as the inbound log says it. */
export const renamedDetail = (renamed: RenamedFile[]) =>
  `Files renamed: ${renamed.map((file) => `${file.filename} kept as ${file.keptAs} (${file.reason})`).join(', ')}.`;
