import net from 'node:net';

/** What ClamAV's daemon said of a file. */
export type ScanVerdict = { infected: false } | { infected: true; signature: string };

/** The scanner could not give a verdict (down, refused, timed out): the file is held. */
export class ScannerUnavailableError extends Error {
  constructor(
    /** What went wrong, in clamd's words where it answered. */
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`Virus scanner unavailable: ${reason}`, options);
    this.name = 'ScannerUnavailableError';
  }
}

export interface ClamdOptions {
  host: string;
  port: number;
  /** The whole exchange (connect, send, verdict) must end within this time. */
  timeoutMs: number;
}

const CHUNK = 64 * 1024;

/**
 * Sends one command and answers clamd's reply (the "z" form: commands and replies end in NUL).
 * `body` writes what follows the command.
 */
function exchange(
  { host, port, timeoutMs }: ClamdOptions,
  command: string,
  body: (socket: net.Socket) => void = () => {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error: Error | null, reply?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(reply ?? '');
    };
    const timer = setTimeout(
      () => finish(new ScannerUnavailableError(`no answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    socket.on('connect', () => {
      socket.write(`z${command}\0`);
      body(socket);
    });
    socket.on('data', (data) => {
      chunks.push(data);
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\0');
      if (end !== -1) finish(null, text.slice(0, end));
    });
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8').replace(/\0$/, '');
      if (text) finish(null, text);
      else finish(new ScannerUnavailableError('the connection closed without a verdict'));
    });
    socket.on('error', (error) =>
      finish(new ScannerUnavailableError(error.message, { cause: error })),
    );
  });
}

/** Why a scan ended when clamd closed the connection while the file was still being sent. */
export const CUT_OFF =
  'clamd closed the connection before the whole file was sent, as it does past its StreamMaxLength';

const cutOff = (error: unknown): boolean => {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return code === 'EPIPE' || code === 'ECONNRESET';
};

/** clamd's INSTREAM: the bytes in chunks, each after its length (4 bytes, big-endian). */
export function createClamdScanner(options: ClamdOptions) {
  return {
    async ping(): Promise<boolean> {
      try {
        return (await exchange(options, 'PING')) === 'PONG';
      } catch {
        return false;
      }
    },

    async scan(bytes: Buffer): Promise<ScanVerdict> {
      const reply = await exchange(options, 'INSTREAM', (socket) => {
        for (let offset = 0; offset < bytes.length; offset += CHUNK) {
          const chunk = bytes.subarray(offset, offset + CHUNK);
          const length = Buffer.alloc(4);
          length.writeUInt32BE(chunk.length);
          socket.write(length);
          socket.write(chunk);
        }
        socket.write(Buffer.alloc(4));
      }).catch((error: unknown) => {
        // clamd answers a stream past its StreamMaxLength and closes at once: whether its
        // answer or the refused write reaches us first is up to TCP, so both read the same way.
        throw cutOff(error) ? new ScannerUnavailableError(CUT_OFF, { cause: error }) : error;
      });
      // "stream: OK", "stream: Eicar-Test-Signature FOUND", or "... ERROR" (e.g. a size limit).
      const verdict = reply.replace(/^stream: /, '');
      if (verdict === 'OK') return { infected: false };
      const found = /^(.+) FOUND$/.exec(verdict);
      if (found?.[1]) return { infected: true, signature: found[1] };
      throw new ScannerUnavailableError(`clamd answered "${reply}"`);
    },
  };
}
export type ClamdScanner = ReturnType<typeof createClamdScanner>;
