// Spec §3 date formats: DD/MM/YYYY and DD/MM/YYYY HH:mm, in the reader's time zone. An absent or
// unreadable date is shown as nothing rather than as "Invalid Date".
const pad = (value: number) => String(value).padStart(2, '0');

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}` : '';
}

export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? `${formatDate(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}

/** YYYY-MM-DD of a date in the reader's time zone (the value of a date input). */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
