export interface DockerInstruction {
  keyword: string;
  /** Flags such as `--from=build`, by name without the dashes. */
  flags: Record<string, string>;
  /** Arguments after the flags (the JSON array form unpacked). */
  args: string[];
  raw: string;
}

export interface DockerStage {
  name?: string;
  base: string;
  instructions: DockerInstruction[];
}

/** Enough of the Dockerfile syntax for our checks: comments, `\` continuations, flags, the JSON form of arguments. */
export function parseDockerfile(text: string): DockerStage[] {
  const lines: string[] = [];
  let pending = '';
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    const continued = /\\\s*$/.test(line);
    pending += continued ? line.replace(/\\\s*$/, ' ') : line;
    if (!continued) {
      if (pending.trim()) lines.push(pending.trim());
      pending = '';
    }
  }
  const stages: DockerStage[] = [];
  for (const raw of lines) {
    const [keyword, ...rest] = raw.split(/\s+/);
    const instruction = parseArguments(keyword.toUpperCase(), rest.join(' '), raw);
    if (instruction.keyword === 'FROM') {
      const [base, as, name] = instruction.args;
      stages.push({ base, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else {
      if (stages.length === 0) throw new Error(`instruction before FROM: ${raw}`);
      stages[stages.length - 1].instructions.push(instruction);
    }
  }
  return stages;
}

function parseArguments(keyword: string, rest: string, raw: string): DockerInstruction {
  const flags: Record<string, string> = {};
  let remaining = rest.trim();
  for (let flag = /^--([\w-]+)(?:=(\S*))?\s*/.exec(remaining); flag; flag = /^--([\w-]+)(?:=(\S*))?\s*/.exec(remaining)) {
    flags[flag[1]] = flag[2] ?? 'true';
    remaining = remaining.slice(flag[0].length);
  }
  const args = remaining.startsWith('[') ? (JSON.parse(remaining) as string[]) : remaining.split(/\s+/).filter(Boolean);
  return { keyword, flags, args, raw };
}
