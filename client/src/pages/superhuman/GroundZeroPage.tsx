import { BookIcon, BowlIcon, PieIcon } from '../../components/ui/icons.tsx';
import { TileList } from '../../components/ui/Tile.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ALIMENT } from './links.ts';

/** /superhuman/ground-zero: Macros, Aliment and How To Use. */
export default function SuperhumanGroundZeroPage() {
  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader eyebrow="Superhuman" title="Ground Zero" />
      <TileList
        three
        tiles={[
          {
            href: '/superhuman/macro-guidelines',
            icon: <PieIcon />,
            title: 'Macros',
            text: 'Your daily energy, protein, fat and carbohydrate, and how to use them.',
            feature: true,
          },
          {
            href: ALIMENT,
            icon: <BowlIcon />,
            title: 'Aliment',
            text: 'Elixirs, major meals and minor meals, scaled to your servings.',
          },
          {
            href: '/introduction?type=superhuman',
            icon: <BookIcon />,
            title: 'How To Use',
            text: 'The nutrition channel, start to finish.',
          },
        ]}
      />
    </section>
  );
}
