import { ArgumentsHost } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER, getRequestId } from './request-id';

/** Writes a filter's JSON answer on the Fastify reply, keeping the request id header. */
export function sendJson(host: ArgumentsHost, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const http = host.switchToHttp();
  const reply = http.getResponse<FastifyReply>();
  if (reply.sent || reply.raw.headersSent) return;
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  const id = getRequestId(http.getRequest<FastifyRequest>());
  if (id !== undefined) reply.header(REQUEST_ID_HEADER, id);
  reply.code(status).type('application/json; charset=utf-8').send(body);
}
