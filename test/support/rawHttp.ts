import net from 'node:net';

export interface RawRequest {
  method: string;
  /** Sent as written: no normalization, no encoding. */
  path: string;
  /** Header lines as written (name, value); bytes a client library would refuse are allowed. */
  headers: [string, string | Buffer][];
  body?: Buffer;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  body: any;
  ms: number;
}

function decodeChunked(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf('\r\n', at);
    if (eol < 0) break;
    const size = parseInt(data.subarray(at, eol).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/**
 * One request over a fresh TCP connection, written byte for byte: fetch and http.request refuse or
 * rewrite the malformed requests these tests need. Fails when no complete answer comes in time.
 */
export function rawRequest(base: string, req: RawRequest, timeoutMs = 15_000): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms: ${req.method} ${req.path.slice(0, 200)}`));
    }, timeoutMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (err) => {
      // The server may answer and close before reading the whole body; the answer still counts.
      if (chunks.length === 0) {
        clearTimeout(timer);
        reject(err);
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const data = Buffer.concat(chunks);
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return reject(new Error(`connection closed without an answer: ${req.method} ${req.path.slice(0, 200)}`));
      const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      let rest: Buffer = data.subarray(end + 4);
      if (/chunked/i.test(headers['transfer-encoding'] ?? '')) rest = decodeChunked(rest);
      else if (headers['content-length'] !== undefined) rest = rest.subarray(0, Number(headers['content-length']));
      const text = rest.toString('utf8');
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch { /* not JSON */ }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, text, body, ms: performance.now() - started });
    });
    const hasHost = req.headers.some(([n]) => n.toLowerCase() === 'host');
    const host = hasHost ? '' : `Host: ${hostname}:${port}\r\n`;
    const head: Buffer[] = [Buffer.from(`${req.method} ${req.path} HTTP/1.1\r\n${host}Connection: close\r\n`, 'latin1')];
    for (const [name, value] of req.headers) head.push(Buffer.from(`${name}: `, 'latin1'), Buffer.from(value), Buffer.from('\r\n'));
    if (req.body !== undefined && !req.headers.some(([n]) => n.toLowerCase() === 'content-length' || n.toLowerCase() === 'transfer-encoding')) {
      head.push(Buffer.from(`Content-Length: ${req.body.length}\r\n`));
    }
    head.push(Buffer.from('\r\n'));
    socket.write(Buffer.concat([...head, req.body ?? Buffer.alloc(0)]));
  });
}
