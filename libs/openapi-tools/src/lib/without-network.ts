import { Socket } from 'node:net';

/**
 * Runs `work` with every outgoing socket refused (each attempt errors at once), then fails
 * if there was any: the export must not depend on a database or a chain being up.
 */
export async function withoutNetwork<T>(work: () => Promise<T>): Promise<T> {
  const attempts: string[] = [];
  const original = Socket.prototype.connect;
  const refuse = function (this: Socket, ...args: unknown[]): Socket {
    // net.connect() hands over its normalised arguments as one array: [options, listener].
    const target = Array.isArray(args[0]) ? args[0][0] : args[0];
    attempts.push(typeof target === 'object' && target !== null ? JSON.stringify(pick(target as Record<string, unknown>)) : String(target));
    process.nextTick(() => this.destroy(new Error('network is disabled while exporting OpenAPI documents')));
    return this;
  };
  Socket.prototype.connect = refuse as unknown as typeof Socket.prototype.connect;
  let result: T;
  try {
    result = await work();
  } finally {
    Socket.prototype.connect = original;
  }
  if (attempts.length > 0) throw new Error(`Building the OpenAPI document opened connections (${attempts.join(', ')}): creating the app must not connect`);
  return result;
}

function pick(options: Record<string, unknown>): Record<string, unknown> {
  return { host: options['host'], port: options['port'], path: options['path'] };
}
