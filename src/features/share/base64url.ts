/**
 * Bytes to the URL-safe base64 alphabet (RFC 4648 §5: `A-Z a-z 0-9 - _`, no padding) and back. Chat apps
 * and mail clients end a link at characters such as `$`, `+` or `=`; these 64 never end or break one.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE: ReadonlyMap<string, number> = new Map([...ALPHABET].map((c, i) => [c, i]));

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let k = 0; k < chars; k++) out += ALPHABET[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

/** The bytes of `text`, or null when it has a character outside the alphabet or an impossible length. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    let n = 0;
    const chars = Math.min(4, text.length - i);
    for (let k = 0; k < 4; k++) {
      const v = k < chars ? VALUE.get(text.charAt(i + k)) : 0;
      if (v === undefined) return null;
      n = (n << 6) | v;
    }
    out[o++] = (n >> 16) & 255;
    if (chars > 2) out[o++] = (n >> 8) & 255;
    if (chars > 3) out[o++] = n & 255;
  }
  return out;
}
