/** The part of dns2 (no types of its own) that the DNS stand-in uses. */
declare module 'dns2' {
  import type { Socket } from 'node:dgram';

  interface Question {
    name: string;
    type: number;
    class: number;
  }
  interface Resource {
    name: string;
    type: number;
    class: number;
    ttl: number;
    data?: string | string[];
  }
  class Packet {
    static TYPE: Record<string, number> & { TXT: number };
    static CLASS: Record<string, number> & { IN: number };
    static createResponseFromRequest(request: Packet): Packet;
    questions: Question[];
    answers: Resource[];
  }
  interface UdpServer extends Socket {
    listen(port: number, address?: string): Promise<void>;
  }
  const dns2: {
    Packet: typeof Packet;
    createUDPServer(
      handle: (request: Packet, send: (response: Packet) => Promise<unknown>) => void,
    ): UdpServer;
  };
  export default dns2;
}
