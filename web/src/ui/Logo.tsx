/** The Taktwerk mark (a pulse on a tile) and word mark. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="logo">
      <svg className="logo-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--accent)" />
        <path
          d="M7 18h4.5l2.5-8 3.5 13 2.5-7H25"
          fill="none"
          stroke="var(--accent-contrast)"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {!compact && <span className="logo-word">Taktwerk</span>}
    </span>
  );
}
