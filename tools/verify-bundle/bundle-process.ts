import { ChildProcess, spawn } from 'node:child_process';

const OUTPUT_LIMIT = 64 * 1024;

/** A process started from the bundle folder, its output kept (the last 64 KB) to show on failure. */
export class BundleProcess {
  private readonly child: ChildProcess;
  private text = '';
  readonly exited: Promise<number | null>;

  constructor(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
    this.child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      this.text += chunk.toString('utf8');
      if (this.text.length > OUTPUT_LIMIT) this.text = this.text.slice(-OUTPUT_LIMIT);
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    // A verification that dies (an exception, Ctrl-C) must not leave the app running.
    const reap = () => this.child.kill('SIGKILL');
    process.once('exit', reap);
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        process.removeListener('exit', reap);
        resolve(signal ? null : code);
      });
      this.child.once('error', (error) => {
        this.text += `\n${error.message}`;
        process.removeListener('exit', reap);
        resolve(null);
      });
    });
  }

  get output(): string {
    return this.text;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The exit code, or an error after `timeoutMs` (the process is then killed). */
  async finished(what: string, timeoutMs: number): Promise<number | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.child.kill('SIGKILL');
        reject(new Error(`${what} did not finish within ${timeoutMs / 1000} s`));
      }, timeoutMs);
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** SIGTERM, then SIGKILL after `graceMs`; true when the process ended by itself in time. */
  async stop(graceMs = 10_000): Promise<boolean> {
    if (!this.running) return true;
    this.child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([this.exited.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)))]);
    clearTimeout(timer);
    if (!inTime) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
    return inTime;
  }
}
