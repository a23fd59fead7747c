import { accessTokenClaimsSchema, TOKEN_REFRESH_MARGIN_S, type AccessTokenClaims } from '../../contracts/auth';

/**
 * Reading the access token on the client. The signature is the server's business; the client only needs the
 * claims (who is signed in, until when), validated with the shared schema so a malformed token counts as none.
 */

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(b64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The token's claims, or null when it is not a JWT carrying the claims of accessTokenClaimsSchema. */
export function decodeClaims(token: string | null | undefined): AccessTokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const parsed = accessTokenClaimsSchema.safeParse(JSON.parse(base64UrlDecode(parts[1])));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A token is valid only if more than 60 s remain before it expires. */
export function isTokenValid(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  const claims = decodeClaims(token);
  return claims !== null && claims.exp * 1000 - nowMs > TOKEN_REFRESH_MARGIN_S * 1000;
}
