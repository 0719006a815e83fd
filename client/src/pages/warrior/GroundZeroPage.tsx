import { Link } from 'wouter';
import { BoltIcon, BookIcon, HammerIcon } from '../../components/ui/icons.tsx';
import { LockedTile, TileBody } from '../../components/ui/Tile.tsx';
import './warrior.css';

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
          <LockedTile icon={<BoltIcon />} title="Temple of Intensity" text="Not open yet." label="Inactive" />
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
