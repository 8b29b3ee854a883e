/** The university monogram, inline so the header needs no extra request. */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg className="logo" viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="12" fill="#1f3a93" />
      <path d="M12 14h24l-16 20h16" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="36" cy="14" r="3" fill="#f39c12" />
    </svg>
  );
}
