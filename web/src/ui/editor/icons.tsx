/** The post editor's toolbar icons (decorative: the button's name carries the meaning); the board's image cards show the image one too. */
interface IconProps {
  className?: string;
}

const base = { viewBox: '0 0 24 24', width: 16, height: 16, 'aria-hidden': true, focusable: false } as const;

export function ImageIcon({ className, size = 40 }: IconProps & { size?: number }) {
  return (
    <svg {...base} width={size} height={size} className={className} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="9.5" r="1.8" />
      <path d="m21 16-5.5-5.5L5 20" />
    </svg>
  );
}

export function LinkIcon({ className }: IconProps) {
  return (
    <svg {...base} width={18} height={18} className={className} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M10 13.5a4.5 4.5 0 0 0 6.4.4l3-3a4.5 4.5 0 0 0-6.4-6.4l-1.7 1.7" />
      <path d="M14 10.5a4.5 4.5 0 0 0-6.4-.4l-3 3a4.5 4.5 0 0 0 6.4 6.4l1.7-1.7" />
    </svg>
  );
}
