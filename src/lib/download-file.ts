/**
 * Offers a file made on the device to the user as a download (a CSV, an export, a document's bytes). The object URL is
 * let go after a minute: Chromium starts the download at once, some browsers only once the click's task is over.
 */
export function downloadFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
