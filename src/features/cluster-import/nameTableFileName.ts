/** `snapshot.zip` -> `snapshot-names.csv`: the name table is named after the file it translates. */
export function nameTableFileName(fileName: string): string {
  const stem = fileName
    .replace(/\.(zip|json|ya?ml)$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .slice(0, 60);
  return `${stem === '' ? 'cluster' : stem}-names.csv`;
}
