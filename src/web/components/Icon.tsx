// Inline SVG icons (paths from Bootstrap Italia's sprite, BSD-3-Clause). Inline rather than a
// sprite file so no extra request is needed and the CSP stays 'self'. Always decorative: the
// accessible name comes from the text next to the icon or from the control's label.
const PATHS = {
  burger: 'M22 5v1H2V5h20zM2 12.5h20v-1H2v1zM2 19h20v-1H2v1z',
  close: 'm12.7 12 6.7 6.6-.8.8-6.6-6.7-6.6 6.7-.8-.8 6.7-6.6-6.7-6.6.8-.8 6.6 6.7 6.6-6.7.8.8-6.7 6.6z',
  'arrow-up': 'M18.6 10.1 12 3.5l-6.6 6.6.7.7 5.4-5.3V21h1V5.5l5.4 5.3.7-.7z',
  'arrow-left': 'M21 11.5H5.5l5.3-5.4-.7-.7L3.6 12l6.5 6.6.7-.7-5.3-5.4H21v-1z',
  'arrow-right': 'm13.9 5.4-.7.7 5.3 5.4H3v1h15.5l-5.3 5.4.7.7 6.6-6.6-6.6-6.6z',
  expand: 'M11.6 15.4 6 9.8l.7-.8 4.9 4.9L16.5 9l.7.8z',
  user: 'M12 13c2.2 0 4-1.8 4-4V6c0-2.2-1.8-4-4-4S8 3.8 8 6v3c0 2.2 1.8 4 4 4zM9 6c0-1.7 1.3-3 3-3s3 1.3 3 3v3c0 1.7-1.3 3-3 3s-3-1.3-3-3V6zm11 16h-1c0-3.9-3.1-7-7-7s-7 3.1-7 7H4c0-4.4 3.6-8 8-8s8 3.6 8 8z',
  error:
    'M11.5 14.2V5.7h1.2v8.5h-1.2zm-.1 4.1h1.2v-1.8h-1.2v1.8zM22 7.9v8.3L16.1 22H7.9L2 16.2V7.9L7.9 2h8.2L22 7.9zm-1 .4L15.7 3H8.3L3 8.3v7.5L8.3 21h7.4l5.3-5.2V8.3z',
  warning: 'M12 2a10 10 0 1 0 10 10A10 10 0 0 0 12 2zm0 19a9 9 0 1 1 9-9 9 9 0 0 1-9 9zm-.5-6.5h1v-8h-1v8zm0 3h1V16h-1v1.5z',
  'check-circle': 'M12 2a10 10 0 1 0 10 10A10 10 0 0 0 12 2zm0 19a9 9 0 1 1 9-9 9 9 0 0 1-9 9zm-1.6-5.3-3.2-3.2-.7.7 3.9 3.9 6.9-6.9-.7-.7-6.2 6.2z',
  'external-link':
    'M21 3v6h-1V4.7l-7.6 7.7-.8-.8L19.3 4H15V3h6zm-4 16.5c0 .3-.2.5-.5.5h-12c-.3 0-.5-.2-.5-.5v-12c0-.3.2-.5.5-.5H12V6H4.5C3.7 6 3 6.7 3 7.5v12c0 .8.7 1.5 1.5 1.5h12c.8 0 1.5-.7 1.5-1.5V12h-1v7.5z',
  pa: 'M3 21h18v1H3v-1zm0-1h18v-1H3v1zM22 9H2l10-7 10 7zM5.2 8h13.6L12 3.2 5.2 8zM6 18v-8H5v8h1zm4 0v-8H9v8h1zm5 0v-8h-1v8h1zm4 0v-8h-1v8h1z',
  info: 'M12 2a10 10 0 1 0 10 10A10 10 0 0 0 12 2zm0 19a9 9 0 1 1 9-9 9 9 0 0 1-9 9zm-.5-11.5h1v8h-1v-8zm0-3h1V8h-1V6.5z',
  download: 'M12.5 14.3V3h-1v11.3l-4.1-4.1-.7.7 5.3 5.3 5.3-5.3-.7-.7-4.1 4.1zM20 20H4v-5H3v6h18v-6h-1v5z',
  help: 'M12 2a10 10 0 1 0 10 10A10 10 0 0 0 12 2zm0 19a9 9 0 1 1 9-9 9 9 0 0 1-9 9zm-.5-3.5h1V16h-1v1.5zM12 6a3.3 3.3 0 0 0-3.5 3.2h1A2.3 2.3 0 0 1 12 7a2.2 2.2 0 0 1 2.5 2.1c0 1-.6 1.5-1.4 2.1-.9.7-1.6 1.4-1.6 3v.3h1v-.3c0-1.1.5-1.6 1.2-2.2.9-.6 1.8-1.4 1.8-2.9A3.2 3.2 0 0 0 12 6z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = '' }: { name: IconName; className?: string }) {
  return (
    <svg className={`icon ${className}`.trim()} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
