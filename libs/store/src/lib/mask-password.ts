/** A database URL as it may be printed: the password replaced by `***`. */
export function maskPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<unparseable url>';
  }
}

/**
 * Any text (an error message, a stack, a setting as typed) with the password of every
 * `scheme://user:password@` in it replaced by `***`. Works on URLs that do not parse too,
 * so a malformed one is never echoed with its password.
 */
export function maskUrlPasswords(text: string): string {
  // Greedy up to the last '@': a password may itself hold '@' or '/'; masking too much is safe.
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/[^\s/:@'"]*:)[^\s'"]*@/gi, '$1***@');
}
