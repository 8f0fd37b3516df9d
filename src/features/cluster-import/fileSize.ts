/** `12.3 MB`, `640 kB`, `512 bytes`: a file's size in decimal units, as file managers show it. */
export function fileSize(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${Math.round(bytes / 1e3)} kB`;
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}
