// The portal's mark: a public-building pictogram on a round badge, drawn inline (no external
// image, CSP 'self'). Decorative: the portal name next to it is the link's text.
export function Logo({ className = '' }: { className?: string }) {
  return (
    <svg className={`icon app-logo ${className}`.trim()} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="#fff" />
      <path
        fill="#0066cc"
        transform="translate(10 10) scale(1.1667)"
        d="M3 21h18v1H3v-1zm0-1h18v-1H3v1zM22 9H2l10-7 10 7zM5.2 8h13.6L12 3.2 5.2 8zM6 18v-8H5v8h1zm4 0v-8H9v8h1zm5 0v-8h-1v8h1zm4 0v-8h-1v8h1z"
      />
    </svg>
  );
}
