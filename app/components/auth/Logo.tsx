/** The product mark: a speech-bubble question mark. Decorative; the product name sits beside it. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="44" height="38" rx="12" fill="currentColor" opacity="0.18" />
      <path d="M14 40l4-8h-4z" fill="currentColor" opacity="0.18" />
      <path
        d="M19 16.5a5.5 5.5 0 1 1 7.9 4.95c-1.6.78-2.9 1.9-2.9 3.7V27"
        fill="none"
        stroke="currentColor"
        strokeWidth="3.4"
        strokeLinecap="round"
      />
      <circle cx="24" cy="32.5" r="2.2" fill="currentColor" />
    </svg>
  );
}
