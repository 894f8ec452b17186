export function localInfra(): string {
  return 'local-infra';
}
