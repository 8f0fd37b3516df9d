/**
 * Saves a Blob through a temporary object URL and a synthetic link click.
 */

/** Starts a download of `blob` as `filename`. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke after the click has been handled; revoking synchronously cancels the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
