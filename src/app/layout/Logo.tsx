/** The mark: data points and the curve through them. */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 28 28" width="28" height="28" aria-hidden="true">
      <rect width="28" height="28" rx="6" fill="#1f3a8a" />
      <path d="M4 21 C 9 21, 11 7, 16 7 S 22 15, 24 15" fill="none" stroke="#fdba74" strokeWidth="2.2" strokeLinecap="round" />
      <circle cx="6" cy="19.5" r="1.6" fill="#e2e8f0" />
      <circle cx="11" cy="12" r="1.6" fill="#e2e8f0" />
      <circle cx="16.5" cy="8.6" r="1.6" fill="#e2e8f0" />
      <circle cx="21.5" cy="14.5" r="1.6" fill="#e2e8f0" />
    </svg>
  );
}
