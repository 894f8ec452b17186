/**
 * The stream's ceiling for bench:market (--stream): bare Node http, one pg connection that LISTENs on
 * the same `stream_events` notifications, reads the new trades after the last id on each (no change
 * table, no hole handling, no throttle, no decimals: the row as pg gives it, JSON.stringify once per
 * event) and writes the same bytes to every open response. GET /stream answers any client; /health
 * answers ok. PORT and INDEX_DATABASE_URL from the environment.
 */
import { createServer, ServerResponse } from 'node:http';
import { Client } from 'pg';

async function main(): Promise<void> {
  const port = Number(process.env['PORT']);
  const client = new Client({ connectionString: process.env['INDEX_DATABASE_URL'] });
  await client.connect();
  let last = BigInt((await client.query(`SELECT coalesce(max(id), 0)::text AS id FROM trades`)).rows[0].id);
  const open = new Set<ServerResponse>();
  let reading = false;
  let again = false;
  const read = async (): Promise<void> => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const { rows } = await client.query(`SELECT * FROM trades WHERE id > $1 ORDER BY id LIMIT 1000`, [last.toString()]);
        for (const row of rows) {
          const bytes = Buffer.from(`id: ${row.id}\nevent: trades\ndata: ${JSON.stringify(row)}\n\n`);
          for (const response of open) response.write(bytes);
          last = BigInt(row.id);
        }
        if (rows.length === 1000) again = true;
      } while (again);
    } finally {
      reading = false;
    }
  };
  client.on('notification', () => void read());
  await client.query('LISTEN stream_events');
  createServer((request, response) => {
    if (request.url === '/health') return response.end('ok');
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    response.write(': open\n\n');
    open.add(response);
    response.on('close', () => open.delete(response));
  }).listen(port, '127.0.0.1');
}

void main();
