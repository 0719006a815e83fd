import { ComingSoon } from '../../ComingSoon.tsx';
import type { PageProps } from '../../../routes.tsx';

/** Placeholder until issue 10 builds this screen. */
export default function UserEditPage({ route }: PageProps) {
  return <ComingSoon title={route.title} />;
}
