/** Addresses are accepted in any case and always returned lowercase (DESIGN.md §4). */
export function lowerAddress(address: string): string {
  return address.toLowerCase();
}

/** Same for nullable address fields (e.g. a position's holder). */
export function lowerAddressOrNull(address: string | null | undefined): string | null {
  return address === null || address === undefined ? null : address.toLowerCase();
}
