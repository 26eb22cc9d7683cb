/**
 * Base64url (RFC 4648 §5: `-` and `_` for `+` and `/`, no padding) to and from a binary string (one character a
 * byte), with the platform's atob and btoa: a JWT's parts (token-subject.ts), the sync's packed ids (api/packed-ids.ts).
 */
export function fromBase64Url(text: string): string {
  // atob takes unpadded input (forgiving-base64), in browsers and in Node.
  return atob(text.replaceAll('-', '+').replaceAll('_', '/'));
}

export function toBase64Url(binary: string): string {
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
