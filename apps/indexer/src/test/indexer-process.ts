import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { waitUntil } from '@perp/local-infra';

const ROOT = join(__dirname, '..', '..', '..', '..');

/** The indexer as its own process (test/indexer-child.ts), to SIGKILL it as a crash would. */
export class IndexerProcess {
  readonly child: ChildProcess;
  readonly events: Record<string, unknown>[] = [];
  output = '';
  readonly exited: Promise<number | null>;

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, ['-r', join(ROOT, 'tools', 'ts-register.js'), join(__dirname, 'indexer-child.ts')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    this.child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      this.output += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        try {
          const parsed = JSON.parse(line) as Record<string, unknown>;
          if (typeof parsed['event'] === 'string') this.events.push(parsed);
        } catch {
          // a log line that is not JSON: kept in output only
        }
      }
    });
    this.child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  async event(name: string, timeoutMs = 60_000): Promise<Record<string, unknown>> {
    await waitUntil(`event ${name} (output: ${this.output.slice(-2000)})`, async () => this.events.some((e) => e['event'] === name), { timeoutMs });
    return this.events.find((e) => e['event'] === name)!;
  }

  async url(): Promise<string> {
    return (await this.event('listening'))['url'] as string;
  }

  async ready(): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${await this.url()}/ready`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async kill9(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }
}
