import net from 'node:net';

/**
 * A plain SMTP conversation over a socket, line by line, so a test can see the exact reply to
 * each command (what a sending server sees), including the ones a mail library would hide.
 */
export async function smtpTalk(port: number, host = '127.0.0.1') {
  const socket = net.connect(port, host);
  let buffer = '';
  const waiting: Array<(reply: string) => void> = [];
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
      if (next) next(reply);
      else replies.push(reply);
    }
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => undefined);
  const nextReply = () =>
    new Promise<string>((resolve) => {
      const ready = replies.shift();
      if (ready !== undefined) resolve(ready);
      else waiting.push(resolve);
    });
  const greeting = await nextReply();
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
  };
}
