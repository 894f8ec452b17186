import { Client } from 'pg';

/** Runs `work` on a Postgres connection of its own, always closed after (one-shot scripts, test set-up). */
export async function withPgClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
