/**
 * The machine has no internet, and a test must not wait on a socket that never answers: Chromium resolves
 * every host but 127.0.0.1 to one local stub origin (`--host-resolver-rules`), which answers a page or a
 * frame with a plain "External page (e2e stub)" document and anything else with 204. So a link that opens
 * the booking site in a new tab still produces a page, as on the real site.
 *
 * Why not a Playwright route on every context, as before: a route makes Chromium pause every request of
 * the context (the site's own scripts, styles and API calls too) until this process lets it go, which
 * cost about a quarter of a page load's CPU (issue #28). Here the site's requests go straight to it.
 *
 * External links are https: the stub speaks TLS and plain HTTP on the same port (told apart by the first
 * byte a client sends), with a self-signed certificate Chromium is told to accept (STUB_ARGS). The
 * certificate and its key exist only for this stub on 127.0.0.1; they guard nothing.
 */
import { createServer as createHttp, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttps } from 'node:https';
import { createServer as createNet, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Duplex } from 'node:stream';

const STUB_HTML = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>External page (e2e stub)</title></head><body><p>External page (e2e stub)</p></body></html>';

const CERT = `-----BEGIN CERTIFICATE-----
MIIBkjCCATmgAwIBAgIUFJeTC0tQ/TlQaiTk3tdoGHrbP3AwCgYIKoZIzj0EAwIw
HjEcMBoGA1UEAwwTZTJlIHN0dWIgKGFueSBob3N0KTAgFw0yNjExMjkwNzMyMzNa
GA8yMTI2MTEwNTA3MzIzM1owHjEcMBoGA1UEAwwTZTJlIHN0dWIgKGFueSBob3N0
KTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABOgLoFEU5LIamdG9ByH0+lZKDOFp
vYftvJE632f/6iMpvIm1/Zs3GFgQyC7fbzvJdhtvLY4IkNgu077IpD0Gq+ijUzBR
MB0GA1UdDgQWBBRQgtTK8IJB5Z8lnldrn/CQjmJjvDAfBgNVHSMEGDAWgBRQgtTK
8IJB5Z8lnldrn/CQjmJjvDAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0cA
MEQCIHjvA1hVbhUL7ecdI+m3HK/0eKsjWkIiyjRLjpr4SeYMAiAUH88U28PfExux
WwdjFP6tBSngPDMRli5I7h/Xb/L8GA==
-----END CERTIFICATE-----`;
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgWbHE/jVe8Pi4snAK
qCpFz+zbxa63DQYjDmZXXvNCUdOhRANCAAToC6BRFOSyGpnRvQch9PpWSgzhab2H
7byROt9n/+ojKbyJtf2bNxhYEMgu3287yXYbby2OCJDYLtO+yKQ9Bqvo
-----END PRIVATE KEY-----`;

/** A document (a page, a frame) gets the stub page; anything else an empty answer. */
function answer(req: IncomingMessage, res: ServerResponse) {
  const dest = req.headers['sec-fetch-dest'];
  if (dest === 'document' || dest === 'iframe' || dest === 'frame') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(STUB_HTML);
  } else {
    res.writeHead(204);
    res.end();
  }
}

export interface StubOrigin {
  /** Chromium's arguments that send every other host here. */
  args: string[];
  close(): Promise<void>;
}

/** A stream over `socket` that first gives `first` (bytes already read from it), then the rest. */
function replay(socket: Socket, first: Buffer): Duplex {
  const stream = new Duplex({
    read: () => void socket.resume(),
    write: (chunk, encoding, done) => void socket.write(chunk, encoding, done),
    final: (done) => void socket.end(done),
    destroy: (error, done) => {
      socket.destroy();
      done(error);
    },
  });
  stream.push(first);
  socket.on('data', (chunk) => {
    if (!stream.push(chunk)) socket.pause();
  });
  socket.on('end', () => stream.push(null));
  socket.on('close', () => stream.destroy());
  return stream;
}

/** Starts the stub on a free port of 127.0.0.1. */
export async function startStubOrigin(): Promise<StubOrigin> {
  const http = createHttp(answer);
  const https = createHttps({ cert: CERT, key: KEY }, answer);
  const sockets = new Set<Socket>();
  const front = createNet((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', (first: Buffer) => {
      socket.pause();
      // 0x16: a TLS handshake record. The TLS layer reads the socket's handle, not what was put back into
      // the stream, so it gets a stream that starts with the bytes already read.
      if (first[0] === 0x16) https.emit('connection', replay(socket, first));
      else {
        socket.unshift(first);
        http.emit('connection', socket);
        socket.resume();
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((ok, fail) => {
    front.once('error', fail);
    front.listen(0, '127.0.0.1', ok);
  });
  const { port } = front.address() as AddressInfo;
  return {
    args: [`--host-resolver-rules=MAP * 127.0.0.1:${port}, EXCLUDE 127.0.0.1`, '--ignore-certificate-errors'],
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((ok) => front.close(ok));
    },
  };
}
