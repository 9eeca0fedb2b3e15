/**
 * A TCP proxy between the server under test and PostgreSQL, for the fault tests: `cut()` drops
 * every open connection and refuses new ones (the database is unreachable, as during a failover
 * or a pooler restart); `restore()` accepts again on the same port.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** The upstream connection string with its host and port replaced by the proxy's. */
  urlFor(upstreamUrl: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(upstreamHost: string, upstreamPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((done, fail) => {
      const next = createServer((client) => {
        const upstream = connect(upstreamPort, upstreamHost);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      next.once('error', fail);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as { port: number }).port;
        server = next;
        done();
      });
    });

  const stop = () =>
    new Promise<void>((done) => {
      const current = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!current) return done();
      current.close(() => done());
    });

  await listen();
  return {
    get port() {
      return port;
    },
    urlFor(upstreamUrl) {
      const url = new URL(upstreamUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut: stop,
    restore: listen,
    close: stop,
  };
}
