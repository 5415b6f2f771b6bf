import { connect } from 'node:net';

export type WholeRequest = {
  /** Where the server listens, e.g. `http://127.0.0.1:41234`. */
  url: string;
  path: string;
  headers: Record<string, string>;
  body: Uint8Array;
  /** Sent with `Transfer-Encoding: chunked` instead of a Content-Length. @default false */
  chunked?: boolean;
};

export type WholeResponse = { status: number; headers: Record<string, string>; text: string };

/**
 * One HTTP/1.1 POST over a plain socket that writes its whole body before it
 * reads a byte of the answer, as a browser uploading a file does. A server
 * that answers early and closes while the body is still coming makes this
 * client fail (EPIPE or ECONNRESET) where fetch, which reads while it sends,
 * would get the answer on a loopback socket and hide the fault.
 */
export function sendWholeRequest(request: WholeRequest): Promise<WholeResponse> {
  const { hostname, port, host } = new URL(request.url);
  const framing = request.chunked
    ? 'Transfer-Encoding: chunked'
    : `Content-Length: ${request.body.byteLength}`;
  const head = [
    `POST ${request.path} HTTP/1.1`,
    `Host: ${host}`,
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
    framing,
    'Connection: close',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const received: Buffer[] = [];
    socket.pause();
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        resolve(parseResponse(Buffer.concat(received)));
      } catch (error) {
        reject(error);
      }
    });
    socket.write(`${head}\r\n\r\n`);
    const { body } = request;
    if (request.chunked) {
      const size = 256 * 1024;
      for (let offset = 0; offset < body.byteLength; offset += size) {
        const chunk = body.subarray(offset, offset + size);
        socket.write(`${chunk.byteLength.toString(16)}\r\n`);
        socket.write(chunk);
        socket.write('\r\n');
      }
      socket.write('0\r\n\r\n', () => socket.resume());
    } else {
      socket.write(body, () => socket.resume());
    }
  });
}

function parseResponse(bytes: Buffer): WholeResponse {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no complete response head in ${bytes.byteLength} bytes`);
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  if (headers['transfer-encoding']) throw new Error('a chunked response is not read here');
  const length = Number(headers['content-length'] ?? bytes.byteLength - end - 4);
  const text = bytes.subarray(end + 4, end + 4 + length).toString('utf8');
  return { status, headers, text };
}
