export function x96Math(): string {
  return 'x96-math';
}
