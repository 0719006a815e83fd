import { Link } from 'wouter';
import { ELIXIR_PHASE_NAMES, MEAL_GROUP } from '@evolution/shared/constants';
import type { MealGroupNode } from '@evolution/shared';
import { trpc } from '../../api/trpc.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { BowlIcon, FlaskIcon, PlateIcon } from '../../components/ui/icons.tsx';
import { QueryState } from '../../components/ui/QueryState.tsx';
import { LinkTile } from '../../components/ui/Tile.tsx';
import { useQueryParams } from '../../router/useQueryParams.ts';
import {
  ALIMENT,
  elixirPhaseHref,
  findGroup,
  groupLevelHref,
  mealListHref,
  routeId,
  SUPERHUMAN_HOME,
} from './links.ts';
import './superhuman.css';

const NO_SUCH_GROUP = 'There is no such meal group.';

/** A group's icon: a glass for the elixir, a bowl under Minor meals, a plate for the rest. */
function groupIcon(group: MealGroupNode) {
  if (group.id === MEAL_GROUP.elixirs) return <FlaskIcon />;
  return group.id === MEAL_GROUP.minorMeals || group.parent_id === MEAL_GROUP.minorMeals ? <BowlIcon /> : <PlateIcon />;
}

/** One line under a group's name: what opening it shows. */
function groupText(group: MealGroupNode): string {
  if (group.id === MEAL_GROUP.elixirs) return `The Saturni Elixir in ${ELIXIR_PHASE_NAMES.length} phases.`;
  if (group.children.length) return group.children.map((c) => c.name).join(', ');
  return 'Recipes you scale to your servings.';
}

/** Under Elixirs: the Saturni Elixir's phases, named by the server (the first meals of Elixirs, in order). */
function ElixirPhases() {
  const phases = trpc.superhuman.meals.useQuery({ groupId: MEAL_GROUP.elixirs, page: 1 });
  const list = phases.data?.data.slice(0, ELIXIR_PHASE_NAMES.length) ?? [];
  return (
    <>
      <QueryState query={phases} loading="Loading the elixir" />
      {phases.data && list.length === 0 && <p className="empty">The Saturni Elixir has no phases yet.</p>}
      {list.length > 0 && (
        <ul className="tiles">
          {list.map((meal, i) => (
            <li key={meal.id}>
              <LinkTile
                href={elixirPhaseHref(i + 1)}
                icon={<FlaskIcon />}
                title={meal.name}
                text={`Phase ${i + 1} of ${ELIXIR_PHASE_NAMES.length}`}
                feature={i === 0}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function GroupTiles({ groups }: { groups: readonly MealGroupNode[] }) {
  return (
    // Three across on a wide screen only when they fill the rows (Aliment's three); otherwise two (four, two).
    <ul className={groups.length % 3 === 0 ? 'tiles tiles--three' : 'tiles'}>
      {groups.map((g) => (
        <li key={g.id}>
          <LinkTile
            href={g.children.length || g.id === MEAL_GROUP.elixirs ? groupLevelHref(g.id) : mealListHref(g)}
            icon={groupIcon(g)}
            title={g.name}
            text={groupText(g)}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * /superhuman/meal-groups?parentId=0..3: Aliment's tree (spec section 2). 0 lists Elixirs, Major meals and Minor meals;
 * 2 and 3 list their groups, each opening its meals; 1 lists the Saturni Elixir's four phases.
 */
export default function MealGroupsPage() {
  const parentId = routeId(useQueryParams().get('parentId'), MEAL_GROUP.aliment);
  const tree = trpc.superhuman.mealGroups.useQuery(undefined, { staleTime: 5 * 60_000 });
  const roots = tree.data?.data ?? [];
  const atRoot = parentId === MEAL_GROUP.aliment;
  const node = parentId === null || atRoot ? null : findGroup(roots, parentId);
  const unknown = tree.isSuccess && !atRoot && !node;
  const parent = node && node.parent_id !== MEAL_GROUP.aliment ? findGroup(roots, node.parent_id) : null;
  const back =
    atRoot || unknown || !node
      ? { href: atRoot ? SUPERHUMAN_HOME : ALIMENT, label: atRoot ? 'Superhuman' : 'Aliment' }
      : { href: groupLevelHref(node.parent_id), label: parent?.name ?? 'Aliment' };

  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader
        back={back}
        eyebrow={atRoot ? 'Superhuman' : 'Aliment'}
        title={atRoot ? 'Aliment' : (node?.name ?? 'Meal group')}
      />
      <QueryState query={tree} loading="Loading the meal groups" />
      {unknown && (
        <p className="empty">
          {NO_SUCH_GROUP}{' '}
          <Link href={ALIMENT} className="link">
            Back to Aliment
          </Link>
        </p>
      )}
      {tree.isSuccess && atRoot && <GroupTiles groups={roots} />}
      {node?.id === MEAL_GROUP.elixirs && <ElixirPhases />}
      {node && node.id !== MEAL_GROUP.elixirs && node.children.length > 0 && <GroupTiles groups={node.children} />}
      {node && node.id !== MEAL_GROUP.elixirs && node.children.length === 0 && (
        <p className="empty">
          {node.name} has no groups under it.{' '}
          <Link href={mealListHref(node)} className="link">
            See its meals
          </Link>
        </p>
      )}
    </section>
  );
}
