// Saves a downloaded file in the browser: a temporary object URL on a link with `download`.
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser the time to start the download before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
