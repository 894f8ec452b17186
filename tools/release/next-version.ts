export type Bump = 'patch' | 'minor' | 'major';

const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;

/** The version after `current`: a bump of one part, or an explicit x.y.z that must be higher. */
export function nextVersion(current: string, request: string): string {
  const from = SEMVER.exec(current);
  if (!from) throw new Error(`The current version ${JSON.stringify(current)} is not x.y.z`);
  const [major, minor, patch] = from.slice(1).map(Number);
  if (request === 'major') return `${major + 1}.0.0`;
  if (request === 'minor') return `${major}.${minor + 1}.0`;
  if (request === 'patch') return `${major}.${minor}.${patch + 1}`;
  const to = SEMVER.exec(request);
  if (!to) throw new Error(`${JSON.stringify(request)} is neither patch, minor, major nor an x.y.z version`);
  const [a, b, c] = to.slice(1).map(Number);
  const higher = a !== major ? a > major : b !== minor ? b > minor : c > patch;
  if (!higher) throw new Error(`${request} is not higher than the current version ${current}`);
  return request;
}
