import { Link } from 'wouter';

const LINKS = [
  { key: 'calibration', href: '/with_menu/calibration_results', label: 'Calibration Results' },
  { key: 'workout', href: '/with_menu/workout_results', label: 'Workout Results' },
  { key: 'forms', href: '/with_menu/form_levels', label: 'Form Levels' },
  { key: 'chamber', href: '/evolution', label: 'Evolution Chamber' },
] as const;

/** Tabs between the member's result screens (the menu lists only calibration results). */
export function ResultsLinks({ current }: { current: (typeof LINKS)[number]['key'] }) {
  return (
    <nav className="results-links" aria-label="Your results">
      {LINKS.map((l) => (
        <Link key={l.key} href={l.href} className="results-links__item" aria-current={l.key === current ? 'page' : undefined}>
          {l.label}
        </Link>
      ))}
    </nav>
  );
}
