import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BoltIcon, BookIcon, HammerIcon, LockIcon } from '../../components/ui/icons.tsx';
import './warrior.css';

function TileBody({ icon, title, text, badge }: { icon: ReactNode; title: string; text: string; badge?: ReactNode }) {
  return (
    <>
      <span className="tile__icon">{icon}</span>
      <span className="tile__title">{title}</span>
      <span className="tile__text">{text}</span>
      {badge}
    </>
  );
}

/** /warrior/ground-zero: Technique Guides, Temple of Intensity (inactive), Dynamic Evolution and How To Use. */
export default function WarriorGroundZeroPage() {
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header">
        <p className="eyebrow">Warrior</p>
        <h1 id="page-title" className="page__title">
          Ground Zero
        </h1>
      </header>
      <ul className="tiles">
        <li>
          <Link href="/warrior/version" className="tile tile--feature">
            <TileBody icon={<BoltIcon />} title="Dynamic Evolution" text="Calibrate, then train through versions and phases." />
          </Link>
        </li>
        <li>
          <Link href="/warrior/technique-guides" className="tile">
            <TileBody icon={<HammerIcon />} title="Technique Guides" text="How every form on every ladder is done well." />
          </Link>
        </li>
        <li>
          <div className="tile tile--locked" aria-disabled="true">
            <TileBody
              icon={<BoltIcon />}
              title="Temple of Intensity"
              text="Not open yet."
              badge={
                <span className="tile__badge">
                  <LockIcon /> Inactive
                </span>
              }
            />
          </div>
        </li>
        <li>
          <Link href="/introduction?type=warrior" className="tile">
            <TileBody icon={<BookIcon />} title="How To Use" text="The programme, start to finish." />
          </Link>
        </li>
      </ul>
    </section>
  );
}
