import type { Logger } from 'pino';
import type {
  Attachment,
  AttachmentLimits,
  RefusedFile,
  RenamedFile,
} from '@shared/schemas/tickets';
import type { AttachmentRow, ScanStatus } from '../../db/schema';
import { ScannerUnavailableError, type ClamdScanner, type ScanVerdict } from '../../lib/clamd';
import { AppError } from '../../lib/errors';
import { newStorageKey, StorageUnavailableError, type FileStorage } from '../../lib/file-storage';
import { existingId } from '../../lib/ids';
import type { AttachmentRepository } from './attachments.repository';
import { ACCEPTED_TYPES_TEXT, checkFileType, keptFilename, sanitizeFilename } from './file-checks';

/**
 * Files on tickets, for every feature that takes them (the portal's and the admin's forms, the
 * inbound mail). The public use case is `saveForMessage`:
 *
 *   saveForMessage(ticketMessageId, files: { filename; contentType?; bytes }[])
 *     => { saved: AttachmentSummary[]; refused: { filename; reason }[];
 *          renamed: { filename; keptAs; reason }[] }
 *
 * Each file is checked (size against the Settings' limits, type by its bytes, ZIP bombs),
 * kept under a name whose extension is its type's (renamed when the sender's said otherwise),
 * scanned by ClamAV when CLAMD_URL is set (infected: refused and named; scanner down or slow:
 * kept as 'pending', not served, scanned again by the job), stored, and only then named by a
 * row. A refused file never stops the others. When the file storage is down nothing is saved
 * and it throws AppError 503 (STORAGE_UNAVAILABLE): the caller keeps nothing half-done.
 * `contentType` as sent is ignored: the bytes decide.
 */

export const STORAGE_UNAVAILABLE =
  'Attachments cannot be saved right now (file storage unavailable). Please try again in a few minutes.';
export const ATTACHMENT_NOT_FOUND = 'Attachment not found';
export const ATTACHMENT_HELD =
  'This file is waiting for its virus scan and cannot be downloaded yet. Please try again later.';
export const ATTACHMENT_INFECTED =
  'This file was found to contain a virus and cannot be downloaded.';
export const ATTACHMENT_UNSCANNABLE =
  'This file could not be virus-scanned and is held: it cannot be downloaded.';

/**
 * How many times the upkeep job tries a held file that the scanner errs on (while it answers
 * for others) before it gives up: the file then stays held for good, 'unscannable'.
 */
export const SCAN_TRIES = 5;
/** What tells a scanner that errs on one file from one that scans nothing. */
const PROBE = Buffer.from('A few harmless bytes to check that the virus scanner scans.\n');

/** An object with no row naming it is an orphan once it is this old (an upload in flight is younger). */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;

export interface IncomingFile {
  filename: string;
  /** What the sender claimed; the bytes decide. */
  contentType?: string;
  bytes: Buffer;
  /** The size sent, when more than `bytes` holds (a form's file cut at the limit). */
  size?: number;
  /** Not kept whole (over a limit while it was read): refused by its size. */
  cutShort?: boolean;
}

export interface AttachmentSummary {
  id: string;
  filename: string;
  size: number;
  contentType: string;
  scanStatus: ScanStatus;
}

/** A file checked, scanned and stored, waiting for the row that names it (`record`). */
export interface PreparedFile {
  filename: string;
  size: number;
  contentType: string;
  storageKey: string;
  scanStatus: ScanStatus;
  scanDetail: string | null;
}

/** What one run of the held files' scans came to (the upkeep job logs it). */
export interface ScanRun {
  scanned: number;
  infected: number;
  /** Files the scanner erred on this run (each try counted on the file). */
  failed: number;
  /** Of those, the files given up on now: held for good. */
  gaveUp: number;
  /** Files of this run still waiting for a scan. */
  pending: number;
}

export interface AttachmentLimitValues {
  maxFileBytes: number;
  maxMessageBytes: number;
}

/** Who is downloading: the client of the ticket, or an admin. */
export type Downloader = { userId: string } | { admin: true };

const ACCEPT =
  '.png,.jpg,.jpeg,.gif,.webp,.pdf,.doc,.docx,.xls,.xlsx,.pptx,.odt,.ods,.txt,.csv,.zip';

export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

const summaryOf = (row: AttachmentRow): AttachmentSummary => ({
  id: row.id,
  filename: row.filename,
  size: row.size,
  contentType: row.contentType,
  scanStatus: row.scanStatus,
});

export function createAttachmentService({
  repository,
  storage,
  scanner,
  limits,
  logger,
  now = () => new Date(),
}: {
  repository: AttachmentRepository;
  storage: FileStorage;
  /** Null without CLAMD_URL: files are stored 'not_scanned'. */
  scanner: ClamdScanner | null;
  /** The Settings' limits, read on each upload. */
  limits: () => Promise<AttachmentLimitValues>;
  logger: Logger;
  now?: () => Date;
}) {
  /** Checks, scans and stores the files; a storage failure removes what this call stored. */
  async function prepare(
    files: IncomingFile[],
  ): Promise<{ prepared: PreparedFile[]; refused: RefusedFile[]; renamed: RenamedFile[] }> {
    const { maxFileBytes, maxMessageBytes } = await limits();
    const prepared: PreparedFile[] = [];
    const refused: RefusedFile[] = [];
    const renamed: RenamedFile[] = [];
    let total = 0;
    // Once the scanner has failed for one file, the rest of the message waits for the job too.
    let scannerDown = false;
    try {
      for (const file of files) {
        const filename = sanitizeFilename(file.filename);
        const size = Math.max(file.size ?? 0, file.bytes.length);
        const refuse = (reason: string) => refused.push({ filename, reason });
        if (size === 0) {
          refuse('the file is empty');
          continue;
        }
        if (size > maxFileBytes) {
          refuse(`larger than the ${formatMegabytes(maxFileBytes)} limit per file`);
          continue;
        }
        if (file.cutShort || total + size > maxMessageBytes) {
          refuse(`the files of one message may add up to ${formatMegabytes(maxMessageBytes)}`);
          continue;
        }
        const type = await checkFileType(filename, file.bytes);
        if (!type.ok) {
          refuse(type.reason);
          continue;
        }
        let scanStatus: ScanStatus = 'not_scanned';
        let scanDetail: string | null = null;
        if (scanner && !scannerDown) {
          try {
            const verdict = await scanner.scan(file.bytes);
            if (verdict.infected) {
              refuse(`infected: ${verdict.signature}`);
              continue;
            }
            scanStatus = 'clean';
          } catch (error) {
            if (!(error instanceof ScannerUnavailableError)) throw error;
            logger.warn(
              { err: error },
              'virus scanner unavailable: attachment held for a later scan',
            );
            scannerDown = true;
          }
        }
        if (scanner && scannerDown) {
          scanStatus = 'pending';
          scanDetail = 'The virus scanner did not answer; scanned again later.';
        }
        const kept = keptFilename(filename, type.contentType);
        const storageKey = newStorageKey();
        await storage.put(storageKey, file.bytes, type.contentType);
        if (kept.renamed) renamed.push({ filename, keptAs: kept.filename, ...kept.renamed });
        prepared.push({
          filename: kept.filename,
          size,
          contentType: type.contentType,
          storageKey,
          scanStatus,
          scanDetail,
        });
        total += size;
      }
    } catch (error) {
      await discard(prepared);
      if (error instanceof StorageUnavailableError) {
        logger.error({ err: error }, 'file storage unavailable: upload refused');
        throw new AppError(503, STORAGE_UNAVAILABLE);
      }
      throw error;
    }
    return { prepared, refused, renamed };
  }

  /** Removes stored files that will not be named (the message could not be saved). */
  async function discard(prepared: PreparedFile[]): Promise<void> {
    for (const file of prepared) {
      // What cannot be removed now is an orphan the job removes later.
      await storage.delete(file.storageKey).catch(() => {});
    }
  }

  /** Names the stored files on the ticket (or one of its messages). */
  async function record(
    target: { ticketId: string; ticketMessageId: string | null },
    prepared: PreparedFile[],
  ): Promise<AttachmentSummary[]> {
    const rows = await repository.insert(prepared.map((file) => ({ ...target, ...file })));
    return rows.map(summaryOf);
  }

  async function save(
    target: { ticketId: string; ticketMessageId: string | null },
    files: IncomingFile[],
  ) {
    const { prepared, refused, renamed } = await prepare(files);
    try {
      return { saved: await record(target, prepared), refused, renamed };
    } catch (error) {
      await discard(prepared);
      throw error;
    }
  }

  const API_STATUS: Record<ScanStatus, Attachment['status']> = {
    not_scanned: 'ready',
    clean: 'ready',
    pending: 'scanning',
    infected: 'infected',
    unscannable: 'unscannable',
  };

  function toAttachment(
    row: AttachmentRow,
    url: (id: string) => string,
    withDetail: boolean,
  ): Attachment {
    const status = API_STATUS[row.scanStatus];
    return {
      id: row.id,
      filename: row.filename,
      size: row.size,
      contentType: row.contentType,
      url: url(row.id),
      status,
      ...(withDetail && status !== 'ready' && row.scanDetail && { detail: row.scanDetail }),
    };
  }

  /** Counts a scan that erred on a held file; answers whether it was given up on. */
  async function scanErred(row: AttachmentRow, error: ScannerUnavailableError) {
    const why = `the virus scanner could not scan it (${error.reason})`;
    const status = await repository.recordScanError(row.id, {
      maxTries: SCAN_TRIES,
      pendingDetail: `Held: ${why}; it is tried again, ${SCAN_TRIES} times in all.`,
      givenUpDetail: `Held for good: ${why}, ${SCAN_TRIES} times. Check the file another way.`,
    });
    const givenUp = status === 'unscannable';
    logger[givenUp ? 'error' : 'warn'](
      { attachmentId: row.id, reason: error.reason },
      givenUp
        ? `held attachment given up on after ${SCAN_TRIES} failed scans`
        : 'held attachment could not be scanned: tried again later',
    );
    return givenUp;
  }

  return {
    async limits(): Promise<AttachmentLimits> {
      return { ...(await limits()), accept: ACCEPT, acceptedText: ACCEPTED_TYPES_TEXT };
    },

    prepare,
    record,
    discard,

    /** The public use case (see the top of this file). */
    async saveForMessage(ticketMessageId: string, files: IncomingFile[]) {
      const ticketId = await repository.ticketOfMessage(ticketMessageId);
      if (!ticketId) throw new Error(`No ticket message ${ticketMessageId}`);
      return save({ ticketId, ticketMessageId }, files);
    },

    /** Files of a ticket's opening request (a new ticket, or a new ticket from an e-mail). */
    async saveForTicket(ticketId: string, files: IncomingFile[]) {
      return save({ ticketId, ticketMessageId: null }, files);
    },

    /**
     * A ticket's files: the opening request's, and each message's by its id. `withDetail` (the
     * admin's view) says why a file is held.
     */
    async listForTicket(
      ticketId: string,
      url: (id: string) => string,
      { withDetail = false }: { withDetail?: boolean } = {},
    ) {
      const rows = await repository.listForTicket(ticketId);
      const opening: Attachment[] = [];
      const byMessage = new Map<string, Attachment[]>();
      for (const row of rows) {
        const attachment = toAttachment(row, url, withDetail);
        if (!row.ticketMessageId) opening.push(attachment);
        else
          byMessage.set(row.ticketMessageId, [
            ...(byMessage.get(row.ticketMessageId) ?? []),
            attachment,
          ]);
      }
      return { opening, byMessage };
    },

    /** The file's bytes for its ticket's client or an admin; anyone else learns nothing (404). */
    async download(id: string, who: Downloader) {
      const found = await repository.findWithOwner(existingId(id, ATTACHMENT_NOT_FOUND));
      if (!found || ('userId' in who && found.userId !== who.userId)) {
        throw new AppError(404, ATTACHMENT_NOT_FOUND);
      }
      const { attachment } = found;
      if (attachment.scanStatus === 'pending') throw new AppError(409, ATTACHMENT_HELD);
      if (attachment.scanStatus === 'infected') throw new AppError(410, ATTACHMENT_INFECTED);
      if (attachment.scanStatus === 'unscannable') {
        throw new AppError(409, ATTACHMENT_UNSCANNABLE);
      }
      let bytes: Buffer | null;
      try {
        bytes = await storage.get(attachment.storageKey);
      } catch (error) {
        logger.error({ err: error }, 'file storage unavailable: download refused');
        throw new AppError(
          503,
          'The file cannot be downloaded right now (file storage unavailable).',
        );
      }
      if (!bytes) throw new AppError(404, ATTACHMENT_NOT_FOUND);
      return { filename: attachment.filename, contentType: attachment.contentType, bytes };
    },

    /**
     * Scans the files held while the scanner was down. Infected ones lose their bytes and stay
     * named as infected. A file the scanner errs on while it scans others is passed over, its
     * try counted, and after SCAN_TRIES held for good ('unscannable', the reason in its
     * detail); a scanner that scans nothing ends the run, no try counted.
     */
    async retryPendingScans(): Promise<ScanRun> {
      const rows = await repository.listPending(100);
      const run: ScanRun = { scanned: 0, infected: 0, failed: 0, gaveUp: 0, pending: rows.length };
      if (!scanner) return run;
      for (const row of rows) {
        const bytes = await storage.get(row.storageKey);
        if (!bytes) continue;
        let verdict: ScanVerdict;
        try {
          verdict = await scanner.scan(bytes);
        } catch (error) {
          if (!(error instanceof ScannerUnavailableError)) throw error;
          // A scan of a few harmless bytes tells whether the scanner is down (or errs on every
          // file): then the rest waits for the next run, and this file is not blamed.
          if (
            !(await scanner.scan(PROBE).then(
              () => true,
              () => false,
            ))
          )
            break;
          run.failed += 1;
          if (await scanErred(row, error)) {
            run.gaveUp += 1;
            run.pending -= 1;
          }
          continue;
        }
        run.scanned += 1;
        run.pending -= 1;
        if (verdict.infected) {
          run.infected += 1;
          await repository.setScanResult(row.id, 'infected', `infected: ${verdict.signature}`);
          await storage.delete(row.storageKey);
          logger.warn(
            { attachmentId: row.id, signature: verdict.signature },
            'held attachment is infected',
          );
        } else {
          await repository.setScanResult(row.id, 'clean', null);
        }
      }
      return run;
    },

    /** Removes stored objects that no row names and that are older than an hour. */
    async removeOrphans(): Promise<number> {
      const candidates = await storage.keysOlderThan(new Date(now().getTime() - ORPHAN_AGE_MS));
      let removed = 0;
      for (let i = 0; i < candidates.length; i += 500) {
        const batch = candidates.slice(i, i + 500);
        const inUse = await repository.keysInUse(batch);
        for (const key of batch) {
          if (inUse.has(key)) continue;
          await storage.delete(key);
          removed += 1;
        }
      }
      return removed;
    },
  };
}
export type AttachmentService = ReturnType<typeof createAttachmentService>;
