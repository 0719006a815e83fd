import { ComingSoon } from '../ComingSoon.tsx';
import type { PageProps } from '../../routes.tsx';

/** Placeholder until issue 11 builds this screen. */
export default function InboxPage({ route }: PageProps) {
  return <ComingSoon title={route.title} />;
}
