import { AddressInfo, connect, createServer, Server, Socket } from 'node:net';

/**
 * A loopback TCP relay in front of a server (a Postgres, an RPC node), to take it "down" for
 * one client mid-test and back while the server keeps its state and serves the others:
 * `pause` refuses new connections and cuts the open ones (keep-alive included), `resume`
 * listens again on the same port.
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private listenPort = 0;

  private constructor(
    private readonly targetPort: number,
    private readonly targetHost: string,
  ) {}

  static async start(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetPort, targetHost);
    await proxy.resume();
    return proxy;
  }

  get port(): number {
    return this.listenPort;
  }

  /** The proxy as an HTTP endpoint (an RPC URL). */
  get url(): string {
    return `http://127.0.0.1:${this.listenPort}`;
  }

  async resume(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.listenPort, '127.0.0.1', () => resolve());
    });
    this.listenPort = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async pause(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
