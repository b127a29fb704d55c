import { imageStudioTexts } from '../texts.ts';

/** Before the first image: an invitation instead of an empty box. */
export function EmptyPreview() {
  return (
    <div className="flex flex-col items-center px-6 py-10 text-center">
      <svg viewBox="0 0 160 120" className="h-28 w-auto" aria-hidden="true">
        <defs>
          <linearGradient id="klipt-empty-sky" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ede9fe" />
            <stop offset="1" stopColor="#fce7f3" />
          </linearGradient>
          <linearGradient id="klipt-empty-bottle" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#8b5cf6" />
            <stop offset="1" stopColor="#6d28d9" />
          </linearGradient>
        </defs>
        <rect x="18" y="14" width="124" height="92" rx="14" fill="url(#klipt-empty-sky)" stroke="#ddd6fe" strokeWidth="2" />
        <circle cx="116" cy="36" r="9" fill="#fde047" />
        <path d="M18 86 52 62l22 16 20-12 48 26v0a14 14 0 0 1-14 14H32a14 14 0 0 1-14-14z" fill="#c4b5fd" opacity="0.7" />
        <rect x="66" y="50" width="22" height="40" rx="6" fill="url(#klipt-empty-bottle)" />
        <rect x="71" y="42" width="12" height="10" rx="3" fill="#4c1d95" />
        <rect x="70" y="62" width="14" height="12" rx="2" fill="#fff" opacity="0.85" />
        <ellipse cx="77" cy="92" rx="18" ry="3" fill="#4c1d95" opacity="0.18" />
        <path d="M132 10l2.5 6 6 2.5-6 2.5-2.5 6-2.5-6-6-2.5 6-2.5z" fill="#ec4899" />
        <path d="M24 96l1.6 3.8 3.8 1.6-3.8 1.6L24 107l-1.6-3.8-3.8-1.6 3.8-1.6z" fill="#8b5cf6" />
      </svg>
      <p className="mt-5 text-lg font-semibold text-ink-900">{imageStudioTexts.emptyTitle}</p>
      <p className="mt-1.5 max-w-xs text-sm leading-relaxed text-ink-600">{imageStudioTexts.emptyHint}</p>
    </div>
  );
}
