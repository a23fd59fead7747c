import net from 'node:net';

/**
 * A TCP proxy the fault tests control: it forwards a local port to a target (PostgreSQL, or the API server in a
 * child process) and can go 'down' (refuse new connections and cut every open one) and come back on the SAME
 * port, so the client side never changes its address. `onUpstreamBytes` sees the running count of bytes sent by
 * clients towards the target, for 'kill the server mid-upload' faults.
 */
export interface TcpProxy {
  port: number;
  /** Bytes forwarded from clients to the target since the proxy started. */
  readonly upstreamBytes: number;
  setTarget(port: number, host?: string): void;
  onUpstreamBytes(listener: ((total: number) => void) | null): void;
  /** Stops listening and destroys every connection (clients see resets, the target sees them close). */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  let target = { port: targetPort, host: targetHost };
  let upstreamBytes = 0;
  let listener: ((total: number) => void) | null = null;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    const cut = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('data', (chunk: Buffer) => {
      upstreamBytes += chunk.length;
      if (!upstream.write(chunk)) client.pause();
      listener?.(upstreamBytes);
    });
    upstream.on('drain', () => client.resume());
    upstream.on('data', (chunk: Buffer) => {
      if (!client.write(chunk)) upstream.pause();
    });
    client.on('drain', () => upstream.resume());
    client.on('error', cut);
    upstream.on('error', cut);
    client.on('close', cut);
    upstream.on('close', cut);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const a = server.address();
        resolve(typeof a === 'object' && a ? a.port : port);
      });
    });
  const port = await listen(0);
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  return {
    port,
    get upstreamBytes() {
      return upstreamBytes;
    },
    setTarget(p, host = '127.0.0.1') {
      target = { port: p, host };
    },
    onUpstreamBytes(l) {
      listener = l;
    },
    down: stop,
    async up() {
      if (!server.listening) await listen(port);
    },
    close: stop,
  };
}
