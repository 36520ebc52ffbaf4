import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { closeWebServer, createWebServer } from './web-server';

let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

async function listen(server: Server): Promise<void> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
}

async function connect(server: Server): Promise<net.Socket> {
  const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

/** One GET over `socket`; resolves with the status line, rejects if the socket ends first. */
function get(socket: net.Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    if (socket.readableEnded || socket.destroyed) {
      reject(new Error('the server had closed the connection'));
      return;
    }
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString();
      if (!received.includes('\r\n\r\n')) return;
      done();
      resolve(received.split('\r\n')[0]!);
    };
    const onEnd = () => {
      done();
      reject(new Error(`the server closed the connection: ${received || 'no answer'}`));
    };
    const done = () => {
      socket.off('data', onData).off('end', onEnd).off('close', onEnd).off('error', onEnd);
    };
    socket.on('data', onData).on('end', onEnd).on('close', onEnd).on('error', onEnd);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
  });
}

it('keeps an idle keep-alive connection open longer than the proxies in front of it do', async () => {
  // A reverse proxy (or a test's API context) reuses a pooled connection it believes open:
  // if the server closes idle ones first (Node's 5 s), that request is reset.
  const server = createWebServer((_req, res) => res.end('ok'), loadConfig({}).http);
  expect(server.keepAliveTimeout).toBe(65_000);
  expect(server.headersTimeout).toBe(66_000);
  await listen(server);
  const socket = await connect(server);

  expect(await get(socket, '/first')).toBe('HTTP/1.1 200 OK');
  // Idle past the point where Node closes it by default (its 5 s keep-alive timeout plus the
  // 1 s it adds against this very race), then the same socket again.
  await new Promise((resolve) => setTimeout(resolve, 6_500));
  expect(await get(socket, '/second')).toBe('HTTP/1.1 200 OK');
  socket.destroy();
}, 15_000);

it('stops as soon as the requests under way are answered, not after the keep-alive time', async () => {
  let answer: (() => void) | undefined;
  const server = createWebServer((req, res) => {
    if (req.url === '/slow') answer = () => res.end('ok');
    else res.end('ok');
  }, loadConfig({}).http);
  await listen(server);
  const idle = await connect(server);
  await get(idle, '/quick');
  const idleClosed = new Promise((resolve) => idle.once('close', resolve));
  const busy = await connect(server);
  const busyClosed = new Promise((resolve) => busy.once('close', resolve));
  const slow = get(busy, '/slow');
  await vi.waitFor(() => expect(answer).toBeDefined());

  // The grace period is far beyond this test's timeout: only closing on time passes.
  const closed = closeWebServer(server, 60_000);
  close = undefined;
  await idleClosed;
  answer!();
  expect(await slow).toBe('HTTP/1.1 200 OK');
  await busyClosed;
  await closed;
}, 5_000);
