import type {ReactNode} from 'react';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';
import PageSuggestions from '@site/src/components/PageSuggestions';

/** The not-found page, with suggestions of the closest pages and a prefilled search link. */
export default function NotFoundContent({className}: Props): ReactNode {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            Page Not Found
          </Heading>
          <p>We could not find what you were looking for. The address may be mistyped, or the page may have moved.</p>
          <PageSuggestions />
        </div>
      </div>
    </main>
  );
}
