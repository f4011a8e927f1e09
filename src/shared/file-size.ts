// Spec §9 "File size helper": units Bytes to YB, each step divides by 1024, 2 decimals by default.
// The number is formatted in the reader's language (it: "51,2 KB", en: "51.2 KB").

const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

export function formatFileSize(bytes: number, locale = 'it', decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return `0 ${UNITS[0]}`;
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  const digits = Math.max(0, decimals);
  const text = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(Number(value.toFixed(digits)));
  return `${text} ${UNITS[exponent]}`;
}
