import { HammerIcon } from '../components/ui/icons.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import './ComingSoon.css';

/** The body of a screen a later release builds: its title and a clear note, never a blank page. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader title={title} />
      <div className="coming-soon">
        <HammerIcon className="coming-soon__icon" />
        <p className="eyebrow">Coming soon</p>
        <p className="coming-soon__text">This screen is being built. Check back shortly.</p>
      </div>
    </section>
  );
}
