import {useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

/** Whether the element's content is wider than the element, kept up to date as either resizes. */
function useOverflowsSideways(ref: React.RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/** The id of the closest heading before `element` in its article, to name a region by its section. */
function precedingHeadingId(element: HTMLElement): string | undefined {
  let node: Element | null = element;
  while (node && node.tagName !== 'ARTICLE') {
    const previous: Element | null = node.previousElementSibling;
    if (!previous) {
      node = node.parentElement;
      continue;
    }
    node = previous;
    if (/^H[1-6]$/.test(node.tagName)) return node.id || undefined;
  }
  return undefined;
}

export interface ScrollRegionProps {
  /** Id of the element that names the region (a table caption, a heading). */
  labelledBy?: string;
  /** Keep the region role when the content fits (a captioned data table always is one). */
  alwaysRegion?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A container that scrolls sideways when its content is wider than the column (narrow screens,
 * 400 % zoom), instead of widening the page. While it scrolls it is a named region that takes
 * keyboard focus, so keyboard users can scroll it with the arrow keys (WCAG 2.1.1).
 */
export default function ScrollRegion({labelledBy, alwaysRegion = false, className, children}: ScrollRegionProps) {
  const ref = useRef<HTMLDivElement>(null);
  const scrolls = useOverflowsSideways(ref);
  const [headingId, setHeadingId] = useState<string>();
  useEffect(() => {
    if (!labelledBy && ref.current) setHeadingId(precedingHeadingId(ref.current));
  }, [labelledBy]);
  const isRegion = alwaysRegion || scrolls;
  const nameId = labelledBy ?? headingId;
  return (
    <div
      ref={ref}
      className={clsx(styles.region, className)}
      role={isRegion ? 'region' : undefined}
      aria-labelledby={isRegion ? nameId : undefined}
      aria-label={isRegion && !nameId ? 'Table' : undefined}
      tabIndex={scrolls ? 0 : undefined}
    >
      {children}
    </div>
  );
}

/** Markdown tables (through MDXComponents): scroll inside a region named by their section heading. */
export function MarkdownTable(props: ComponentProps<'table'>): ReactNode {
  return (
    <ScrollRegion className={styles.markdownTable}>
      <table {...props} />
    </ScrollRegion>
  );
}
