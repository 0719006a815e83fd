import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'wouter';
import type { Ingredient } from '@evolution/shared';
import { PageContent } from '../../components/PageContent.tsx';
import { Panel } from '../../components/ui/Panel.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/ui/icons.tsx';
import './superhuman.css';

/** A meal's JPEG (base64 from the server); decorative, since the meal's name stands beside it. */
export function MealImage({ base64, className }: { base64: string | null; className: string }) {
  if (!base64) return <span className={`${className} meal-image--none`} aria-hidden="true" />;
  return <img className={className} src={`data:image/jpeg;base64,${base64}`} alt="" />;
}

/** The ingredients, one row each: the name (its unit in it) and the amount the caller works out. */
export function IngredientTable({
  ingredients,
  amountLabel,
  amount,
  caption,
}: {
  ingredients: readonly Ingredient[];
  amountLabel: string;
  amount: (formula: number) => string;
  caption?: ReactNode;
}) {
  if (ingredients.length === 0) return <p className="muted">No ingredients listed.</p>;
  return (
    <div className="table-wrap">
      <table className="table-plain ingredient-table">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">Ingredient</th>
            <th scope="col" className="ingredient-table__amount">
              {amountLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {ingredients.map((row, i) => (
            <tr key={`${i}-${row.ingredient}`}>
              <td>{row.ingredient}</td>
              <td className="ingredient-table__amount">{amount(row.formula)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A recipe's Ingredients panel: the heading over its IngredientTable. */
export function IngredientsPanel({
  className,
  ...table
}: ComponentProps<typeof IngredientTable> & { className?: string }) {
  return (
    <Panel titleId="ingredients-title" title="Ingredients" className={className}>
      <IngredientTable {...table} />
    </Panel>
  );
}

/** A recipe's Preparation panel: the heading over the method, written in Markdown. */
export function PreparationPanel({ text }: { text: string }) {
  return (
    <Panel titleId="preparation-title" title="Preparation">
      <PageContent text={text} />
    </Panel>
  );
}

/** Back and next links at the foot of a sequence (the elixir's phases), each 44 px tall. */
export function SequenceNav({
  label,
  back,
  next,
}: {
  label: string;
  back: { href: string; label: string };
  next: { href: string; label: string };
}) {
  return (
    <nav className="sequence-nav" aria-label={label}>
      <Link href={back.href} className="sequence-nav__link">
        <ChevronLeftIcon />
        <span>
          <span className="sequence-nav__hint">Back</span>
          <span className="sequence-nav__label">{back.label}</span>
        </span>
      </Link>
      <Link href={next.href} className="sequence-nav__link sequence-nav__link--next">
        <span>
          <span className="sequence-nav__hint">Next</span>
          <span className="sequence-nav__label">{next.label}</span>
        </span>
        <ChevronRightIcon />
      </Link>
    </nav>
  );
}
