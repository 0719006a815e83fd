import { BoltIcon, BookIcon, HammerIcon } from '../../components/ui/icons.tsx';
import { TileList } from '../../components/ui/Tile.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

/** /warrior/ground-zero: Technique Guides, Temple of Intensity (inactive), Dynamic Evolution and How To Use. */
export default function WarriorGroundZeroPage() {
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader eyebrow="Warrior" title="Ground Zero" />
      <TileList
        tiles={[
          {
            href: '/warrior/version',
            icon: <BoltIcon />,
            title: 'Dynamic Evolution',
            text: 'Calibrate, then train through versions and phases.',
            feature: true,
          },
          {
            href: '/warrior/technique-guides',
            icon: <HammerIcon />,
            title: 'Technique Guides',
            text: 'How every form on every ladder is done well.',
          },
          { locked: 'Inactive', icon: <BoltIcon />, title: 'Temple of Intensity', text: 'Not open yet.' },
          {
            href: '/introduction?type=warrior',
            icon: <BookIcon />,
            title: 'How To Use',
            text: 'The programme, start to finish.',
          },
        ]}
      />
    </section>
  );
}
