/**
 * What `node main.js [command]` does: no argument serves; a known command runs and the process
 * exits with its code (pools or timers left behind cannot keep a one-shot job alive); anything
 * else exits 2 naming the commands.
 */
export function runMain(name: string, serve: () => Promise<void>, commands: Record<string, () => Promise<number>>, argv = process.argv.slice(2)): void {
  const [command] = argv;
  if (command === undefined) {
    void serve();
    return;
  }
  const run = Object.hasOwn(commands, command) ? commands[command] : undefined;
  if (!run) {
    console.error(`${name}: unknown command "${command}" (commands: ${Object.keys(commands).join(', ')}; no argument serves)`);
    process.exit(2);
  }
  run().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${name} ${command} failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
