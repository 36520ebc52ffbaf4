import type { RefusedFile, RenamedFile } from '@shared/schemas/tickets';
import type {
  AttachmentService,
  IncomingFile,
  PreparedFile,
} from '../attachments/attachments.service';

/** What a use case saved, and which ticket (and message) the files go with. */
export interface SavedWithFiles<T> {
  result: T;
  ticketId: string;
  ticketMessageId: string | null;
}

export type WithFiles = <T>(
  files: IncomingFile[],
  save: () => Promise<SavedWithFiles<T>>,
) => Promise<{ result: T; refused: RefusedFile[]; renamed: RenamedFile[] }>;

/**
 * Runs `save` with the files checked and stored first, then names them on what it saved; a
 * storage outage (503) saves nothing, a refusal of the message removes the stored files.
 */
export function createWithFiles(
  attachments: Pick<AttachmentService, 'prepare' | 'discard' | 'record'>,
): WithFiles {
  async function recordFiles(
    target: { ticketId: string; ticketMessageId: string | null },
    prepared: PreparedFile[],
  ) {
    if (prepared.length === 0) return;
    try {
      await attachments.record(target, prepared);
    } catch (error) {
      await attachments.discard(prepared);
      throw error;
    }
  }

  return async (files, save) => {
    // Most messages carry no file: no limits to read (a settings query) and nothing to record.
    if (files.length === 0) return { result: (await save()).result, refused: [], renamed: [] };
    const { prepared, refused, renamed } = await attachments.prepare(files);
    let saved: Awaited<ReturnType<typeof save>>;
    try {
      saved = await save();
    } catch (error) {
      await attachments.discard(prepared);
      throw error;
    }
    await recordFiles(saved, prepared);
    return { result: saved.result, refused, renamed };
  };
}
