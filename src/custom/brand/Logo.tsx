/** The product mark, inline so that it costs no request and works on every page. */
export const Logo = ({ size = 32, title }: { size?: number; title?: string }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 64 64"
    role={title ? 'img' : undefined}
    aria-label={title}
    aria-hidden={title ? undefined : true}
  >
    <rect width="64" height="64" rx="14" fill="#1e5aa8" />
    <rect x="16" y="20" width="32" height="26" rx="7" fill="#fff" />
    <circle cx="26" cy="33" r="4" fill="#1e5aa8" />
    <circle cx="38" cy="33" r="4" fill="#1e5aa8" />
    <rect x="30" y="9" width="4" height="9" rx="2" fill="#fff" />
    <circle cx="32" cy="9" r="4" fill="#f5a623" />
  </svg>
);
