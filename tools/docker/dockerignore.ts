/** Docker's rule for a pattern: `*` and `?` within one path segment, `**` across segments; a match on a folder excludes all it holds. */
function patternToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '*' && pattern[i + 1] === '*') {
      source += pattern[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += pattern[i + 2] === '/' ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}(?:/.*)?$`);
}

export interface DockerIgnore {
  /** Whether the build context leaves out this path (relative to the context root, `/`-separated). */
  excludes(path: string): boolean;
}

/** A .dockerignore's rules in order, the last matching one winning (`!` re-includes). */
export function parseDockerignore(text: string): DockerIgnore {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      const pattern = (negated ? line.slice(1) : line).replace(/^\/+/, '').replace(/\/+$/, '');
      return { negated, regexp: patternToRegExp(pattern) };
    });
  return {
    excludes(path) {
      const clean = path.replace(/^\.\//, '').replace(/\/+$/, '');
      let excluded = false;
      for (const rule of rules) if (rule.regexp.test(clean)) excluded = !rule.negated;
      return excluded;
    },
  };
}
