import { AddressInfo, connect, createServer, Server, Socket } from 'node:net';

/**
 * A TCP proxy in front of the RPC: stopping it makes the chain unreachable for the service
 * while anvil keeps its state, and starting it again (same port) brings the chain back.
 */
export class RpcProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly targetPort: number,
    private listenPort = 0,
  ) {}

  static async start(targetPort: number): Promise<RpcProxy> {
    const proxy = new RpcProxy(targetPort);
    await proxy.resume();
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.listenPort}`;
  }

  async resume(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, '127.0.0.1');
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

  /** Refuses new connections and cuts the open ones (keep-alive included). */
  async pause(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
