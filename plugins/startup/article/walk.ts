import {
  cloneElement,
  createElement,
  isValidElement,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from 'react';
import {isIsland} from '../islands';

/** The attribute that marks an island's container in the server HTML, its value the island's index. */
export const ISLAND_ATTRIBUTE = 'data-island';

/**
 * Wraps each island of an article's element tree in its numbered `Boundary`, depth first, and
 * returns the new tree with the islands in that order. The server and the browser walk the same
 * tree, so island n of the server HTML is `islands[n]` in the browser. An island's own children are
 * its own: the walk does not enter them. Elements are copied only where something inside changed.
 */
export function markIslands(
  tree: ReactNode,
  Boundary: ComponentType<{index: number; children: ReactNode}>,
): {tree: ReactNode; islands: ReactElement[]} {
  const islands: ReactElement[] = [];
  const walk = (node: ReactNode): ReactNode => {
    if (Array.isArray(node)) {
      const walked = node.map(walk);
      return walked.some((child, index) => child !== node[index]) ? walked : node;
    }
    if (!isValidElement<{children?: ReactNode}>(node)) return node;
    if (isIsland(node.type)) {
      const index = islands.push(node) - 1;
      return createElement(Boundary, {key: node.key ?? `island-${index}`, index, children: node});
    }
    const {children} = node.props;
    if (children === undefined) return node;
    const walked = walk(children);
    if (walked === children) return node;
    return cloneElement(node, undefined, ...(Array.isArray(walked) ? walked : [walked]));
  };
  return {tree: walk(tree), islands};
}
