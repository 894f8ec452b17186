import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** Names this process in lease rows (host:pid:random), so operators can tell replicas apart. */
export const HOLDER_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
