/** The mark of each channel: warrior a shield with a blade, superhuman a bolt in a ring, immortal an infinity. */
export function ChannelLogo({ shortName, className }: { shortName: string; className?: string }) {
  const common = {
    viewBox: '0 0 48 48',
    width: 48,
    height: 48,
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2.5,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    'aria-hidden': true,
    focusable: false,
    className: `channel-logo${className ? ` ${className}` : ''}`,
  };
  switch (shortName) {
    case 'warrior':
      return (
        <svg {...common}>
          <path d="M24 4l16 6v12c0 10-7 18-16 22C15 40 8 32 8 22V10z" />
          <path d="M24 12v22M19 29h10M24 34v4" />
        </svg>
      );
    case 'superhuman':
      return (
        <svg {...common}>
          <circle cx="24" cy="24" r="19" />
          <path d="M27 9L15 27h9l-3 12 12-18h-9z" fill="currentColor" stroke="none" />
        </svg>
      );
    case 'immortal':
      return (
        <svg {...common}>
          <path d="M24 24c-4-6-7-9-11-9a9 9 0 0 0 0 18c4 0 7-3 11-9s7-9 11-9a9 9 0 0 1 0 18c-4 0-7-3-11-9z" />
        </svg>
      );
    default:
      return (
        <svg {...common}>
          <rect x="8" y="8" width="32" height="32" rx="6" />
        </svg>
      );
  }
}
