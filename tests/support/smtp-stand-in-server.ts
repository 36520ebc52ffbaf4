// The mail server of the browser tests, on loopback:
// `tsx tests/support/smtp-stand-in-server.ts SMTP_PORT CONTROL_PORT`. It takes every message
// except those to the addresses it is told to refuse, which it answers with a temporary
// failure (451), as a full or overloaded mail server does. Its HTTP control port:
//   GET  /            health (Playwright waits for it)
//   PUT  /refusing    a JSON array of addresses to refuse from now on ([] refuses none)
//   GET  /messages?to=ADDRESS   what arrived for that address: [{ to, subject, text }]
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const [smtpPort, controlPort] = process.argv.slice(2).map(Number);
if (!smtpPort || !controlPort) {
  throw new Error('usage: smtp-stand-in-server.ts SMTP_PORT CONTROL_PORT');
}

let refusing = new Set<string>();
const received: Array<{ to: string[]; subject: string; text: string }> = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (refusing.has(address.address.toLowerCase())) {
      callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
      return;
    }
    callback();
  },
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
        });
        callback();
      },
      (error: Error) => callback(error),
    );
  },
});

const control = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'PUT' && url.pathname === '/refusing') {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      refusing = new Set((JSON.parse(body) as string[]).map((address) => address.toLowerCase()));
      res.writeHead(204).end();
    });
    return;
  }
  if (req.method === 'GET' && url.pathname === '/messages') {
    const to = (url.searchParams.get('to') ?? '').toLowerCase();
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(received.filter((mail) => mail.to.includes(to))));
    return;
  }
  res.writeHead(url.pathname === '/' ? 200 : 404).end();
});

await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
console.warn(`SMTP stand-in at smtp://127.0.0.1:${smtpPort}, control at :${controlPort}`);
const stop = () => {
  control.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
