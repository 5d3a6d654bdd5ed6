/** The verified-purchase badge of a review, in the element's cards and the moderation panel's rows. */
import { VERIFIED_LABEL } from '../model/index.ts';

export function Verified({ className }: { className: string }) {
  return (
    <span className={className} part="verified">
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M8 1.2l1.7 1.3 2.1-.1.6 2 1.8 1.2-.7 2 .7 2-1.8 1.2-.6 2-2.1-.1L8 14.8l-1.7-1.3-2.1.1-.6-2-1.8-1.2.7-2-.7-2 1.8-1.2.6-2 2.1.1z" />
        <path d="M5.3 8.2l1.8 1.8 3.6-3.7" fill="none" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {VERIFIED_LABEL}
    </span>
  );
}
