import { featureAllowed } from '../../auth/session.ts';
import { useAuth } from '../../auth/store.ts';
import { TabLinks } from '../../components/ui/TabLinks.tsx';

const LINKS = [
  { key: 'calibration', href: '/with_menu/calibration_results', label: 'Calibration Results' },
  { key: 'workout', href: '/with_menu/workout_results', label: 'Workout Results' },
  { key: 'forms', href: '/with_menu/form_levels', label: 'Form Levels' },
  { key: 'chamber', href: '/evolution', label: 'Evolution Chamber' },
] as const;

/** Tabs between the member's result screens (the menu lists only calibration results). */
export function ResultsLinks({ current }: { current: (typeof LINKS)[number]['key'] }) {
  // The chamber opens with the evolution_page flag (after calibration): no tab that would only bounce back.
  const chamberOpen = featureAllowed(useAuth().access, 'evolution_page');
  return (
    <TabLinks label="Your results" links={LINKS.filter((l) => l.key !== 'chamber' || chamberOpen)} current={current} />
  );
}
