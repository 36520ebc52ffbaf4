import net from 'node:net';

/**
 * A plain SMTP conversation over a socket, line by line, so a test can see the exact reply to
 * each command (what a sending server sees), including the ones a mail library would hide.
 */
export async function smtpTalk(port: number, host = '127.0.0.1') {
  const socket = net.connect(port, host);
  let buffer = '';
  const waiting: Array<{ resolve: (reply: string) => void; reject: (error: Error) => void }> = [];
  let ended: Error | undefined;
  const replies: string[] = [];
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    // A reply ends with a line whose code is followed by a space ("250 OK"; "250-…" goes on).
    for (;;) {
      const match = /(^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(buffer);
      if (!match) break;
      const end = match.index + match[0].length;
      const reply = buffer.slice(0, end).trim();
      buffer = buffer.slice(end);
      const next = waiting.shift();
      if (next) next.resolve(reply);
      else replies.push(reply);
    }
  });
  // A connection refused or cut before its reply fails the command waiting for it.
  socket.on('error', (error) => (ended ??= error));
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      ended ??= new Error('connection closed');
      for (const next of waiting.splice(0)) next.reject(ended);
      resolve();
    }),
  );
  const nextReply = () =>
    new Promise<string>((resolve, reject) => {
      const ready = replies.shift();
      if (ready !== undefined) resolve(ready);
      else if (ended) reject(ended);
      else waiting.push({ resolve, reject });
    });
  const greeting = await nextReply().catch((error: unknown) => {
    socket.destroy();
    throw error;
  });
  return {
    greeting,
    /** Sends a command (or raw data) and resolves with the server's reply. */
    async send(line: string): Promise<string> {
      socket.write(`${line}\r\n`);
      return nextReply();
    },
    /** Writes without waiting for a reply (a message's body). */
    write(data: string | Buffer): void {
      socket.write(data);
    },
    nextReply,
    async quit(): Promise<void> {
      if (!socket.destroyed) socket.end('QUIT\r\n');
      await closed;
    },
    /** Drops the connection without a word. */
    destroy(): void {
      socket.destroy();
    },
  };
}
