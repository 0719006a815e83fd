import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import './admin.css';

/** A node of a tree the admin screens navigate: meal groups, page categories. */
interface TreeNavNode {
  id: number;
  name: string;
  children: readonly TreeNavNode[];
}

export interface TreeNavProps {
  /** The navigation's accessible name ("Meal groups"). */
  label: string;
  /** The small heading over the tree. */
  title: string;
  /** The tree's query: its spinner while it loads, 'Data could not be found.' if it could not, then the tree. */
  tree: { isPending: boolean; isError: boolean; isSuccess: boolean; data?: { data: readonly TreeNavNode[] } };
  loading: string;
  /** The node whose list shows (marked as the current page). */
  current: number | null;
  /** Where a node's link leads. */
  href: (id: number) => string;
  /**
   * 'heading': a node with children is a heading over them and only the leaves are links (meal groups hold meals only
   * at the leaves); 'link': every node is a link, its children listed under it (page categories).
   */
  parents: 'heading' | 'link';
}

/**
 * A tree-shaped admin list: the tree on the side, the chosen node's list in the main column beside it, or, once the
 * tree has loaded, why there is none (`unchosen`).
 */
export function TreeLayout({
  wide,
  unchosen,
  children,
  ...nav
}: TreeNavProps & { wide?: boolean; unchosen: ReactNode; children: ReactNode }) {
  return (
    <div className={wide ? 'tree-layout tree-layout--wide columns' : 'tree-layout columns'}>
      <TreeNav {...nav} />
      <div className="tree-layout__main">
        {unchosen && nav.tree.isSuccess && <p className="empty panel">{unchosen}</p>}
        {children}
      </div>
    </div>
  );
}

/** The side navigation of a tree-shaped admin list: each node opens its list in the main column beside it. */
function TreeNav({ label, title, tree, loading, current, href, parents }: TreeNavProps) {
  return (
    <nav className={`tree-nav tree-nav--${parents} panel`} aria-label={label}>
      <h2 className="tree-nav__title">{title}</h2>
      <QueryState query={tree} loading={loading} />
      {tree.data && <TreeList nodes={tree.data.data} current={current} href={href} parents={parents} />}
    </nav>
  );
}

function TreeList({
  nodes,
  ...rest
}: Pick<TreeNavProps, 'current' | 'href' | 'parents'> & { nodes: readonly TreeNavNode[] }) {
  const { current, href, parents } = rest;
  const link = (node: TreeNavNode) => (
    <Link href={href(node.id)} className="tree-nav__link" aria-current={node.id === current ? 'page' : undefined}>
      {node.name}
    </Link>
  );
  return (
    <ul className="stack-list tree-nav__tree">
      {nodes.map((node) => (
        <li key={node.id}>
          {parents === 'heading' && node.children.length > 0 ? (
            <span className="tree-nav__branch">{node.name}</span>
          ) : (
            link(node)
          )}
          {node.children.length > 0 && <TreeList nodes={node.children} {...rest} />}
        </li>
      ))}
    </ul>
  );
}
