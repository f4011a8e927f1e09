// The PDF recap's file (spec §7 getPdfRecap): the name the server gives in Content-Disposition
// (RFC 6266: the UTF-8 `filename*` wins over the plain `filename`) and the browser's download. The
// call itself is src/web/api/pdf.ts, invoked through src/web/actors by the details and pdfRecap
// machines.

export function fileNameOf(contentDisposition: string | null | undefined, fallback: string): string {
  if (!contentDisposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition)?.[1];
  if (extended) {
    try {
      return sanitize(decodeURIComponent(extended.trim())) || fallback;
    } catch {
      // Malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(contentDisposition)?.[1];
  return (plain && sanitize(plain.trim())) || fallback;
}

/** A file name, never a path. */
function sanitize(name: string): string {
  return name.replace(/[/\\]/g, '_');
}

/** Hands the blob to the browser as a download; replaced in tests (jsdom cannot save files). */
export const fileSaver = {
  save(blob: Blob, name: string): void {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
    // Give the browser time to start the download before the URL is revoked.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};
