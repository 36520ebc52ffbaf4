import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

/** TXT records by name (lower case), each a list of strings as published. */
export type TxtZone = Record<string, string[]>;

/** A real DNS server on loopback (UDP) answering TXT questions from a zone the test sets. */
export interface DnsStandIn {
  /** host:port, as DNS_SERVERS takes it. */
  server: string;
  zone: TxtZone;
  /** Questions asked so far, "name TYPE". */
  questions: string[];
  close(): Promise<void>;
}

/** Splits a long TXT value into the 255-byte character strings DNS carries. */
const chunks = (value: string) => value.match(/.{1,255}/gs) ?? [''];

export async function startDnsStandIn(zone: TxtZone = {}): Promise<DnsStandIn> {
  const questions: string[] = [];
  const server = dns2.createUDPServer((request, send) => {
    const response = dns2.Packet.createResponseFromRequest(request);
    for (const question of request.questions) {
      const name = question.name.toLowerCase();
      const type = Object.entries(dns2.Packet.TYPE).find(([, code]) => code === question.type)?.[0];
      questions.push(`${name} ${type ?? question.type}`);
      if (question.type !== dns2.Packet.TYPE.TXT) continue;
      for (const value of zone[name] ?? []) {
        response.answers.push({
          name: question.name,
          type: dns2.Packet.TYPE.TXT,
          class: dns2.Packet.CLASS.IN,
          ttl: 60,
          data: chunks(value),
        });
      }
    }
    // No such record: an empty answer (NOERROR/NODATA), as a real server gives.
    void send(response);
  });
  await server.listen(0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    zone,
    questions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
