export function http(): string {
  return 'http';
}
