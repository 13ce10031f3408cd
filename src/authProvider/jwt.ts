/** Reads the `exp` claim (seconds) of a JWT, as milliseconds; undefined when absent or unreadable. */
export function jwtExpiryMs(token: string): number | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const claims: unknown = JSON.parse(atob(base64));
    if (typeof claims === 'object' && claims !== null && 'exp' in claims && typeof claims.exp === 'number') {
      return claims.exp * 1000;
    }
  } catch {
    // Not a JWT we can read: treat as having no expiry and let the server decide (401).
  }
  return undefined;
}

export const isTokenExpired = (token: string, now = Date.now()): boolean => {
  const exp = jwtExpiryMs(token);
  return exp !== undefined && exp <= now;
};
