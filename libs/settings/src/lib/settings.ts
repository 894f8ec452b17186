export function settings(): string {
  return 'settings';
}
