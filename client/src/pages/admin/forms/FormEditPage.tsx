import { ComingSoon } from '../../ComingSoon.tsx';
import type { PageProps } from '../../../routes.tsx';

/** Placeholder until issue 9 builds this screen. */
export default function FormEditPage({ route }: PageProps) {
  return <ComingSoon title={route.title} />;
}
