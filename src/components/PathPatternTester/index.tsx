import {useState, type ReactNode} from 'react';
import {findBehavior, type PatternResult} from './match';
import DataTable from '@site/src/components/DataTable';
import ColumnHeaders from '@site/src/components/DataTable/ColumnHeaders';
import Field, {TextField} from '@site/src/components/ToolForm/Field';
import form from '@site/src/components/ToolForm/styles.module.css';
import styles from './styles.module.css';
import {registerIsland} from '@site/plugins/startup/islands';
import {useIslandId} from '@site/plugins/startup/island-ids';

export interface PathPatternTesterProps {
  /** Path patterns of the non-default behaviors, in position order. */
  initialPatterns?: readonly string[];
  /** The request URL or path shown first. */
  initialUrl?: string;
}

const DEFAULT_PATTERNS = ['/api/*', '/images/*.jpg', '/images/*', '/docs/v?/*', '*.css'];

function describe(result: PatternResult): string {
  switch (result.kind) {
    case 'invalid':
      return `Invalid: ${result.reason}`;
    case 'match':
      return 'Matches: this behavior applies';
    case 'shadowed':
      return `Also matches, but position ${result.by} comes first`;
    default:
      return 'No match';
  }
}

/**
 * Shows which behavior a URL gets: type the path patterns of the behaviors in position order and a
 * URL, and each pattern is compared with the URL's path the way Tributary compares them.
 */
function PathPatternTester({
  initialPatterns = DEFAULT_PATTERNS,
  initialUrl = 'https://www.example.com/images/2026/cat.jpg?w=200',
}: PathPatternTesterProps): ReactNode {
  const patternsId = useIslandId();
  const urlId = useIslandId();
  const [patternText, setPatternText] = useState(initialPatterns.join('\n'));
  const [url, setUrl] = useState(initialUrl);
  const patterns = patternText.split('\n').filter((line) => line.trim() !== '');
  const {path, position, results} = findBehavior(patterns, url);

  return (
    <div className={styles.tester}>
      <div className={styles.fields}>
        <Field id={patternsId} label="Path patterns, one per line, in position order">
          {(control) => (
            <textarea
              {...control}
              className={form.input}
              rows={Math.max(4, patterns.length + 1)}
              value={patternText}
              spellCheck={false}
              onChange={(event) => setPatternText(event.target.value)}
            />
          )}
        </Field>
        <TextField
          id={urlId}
          label="Request URL or path"
          hint="The host, the query string and the fragment are ignored."
          type="text"
          value={url}
          spellCheck={false}
          onChange={(event) => setUrl(event.target.value)}
        />
      </div>
      <output className={styles.verdict} htmlFor={`${patternsId} ${urlId}`} aria-live="polite">
        Path compared: <code>{path}</code>.{' '}
        {position === null ? (
          <>No pattern matches, so the default behavior applies.</>
        ) : (
          <>
            The behavior at position {position} applies: <code>{patterns[position - 1]}</code>.
          </>
        )}
      </output>
      {patterns.length > 0 && (
        <DataTable caption="Result of each pattern, in evaluation order">
          <ColumnHeaders names={['Position', 'Path pattern', 'Result']} />
          <tbody>
            {patterns.map((pattern, index) => (
              <tr key={`${index}-${pattern}`} className={results[index].kind === 'match' ? styles.winner : undefined}>
                <th scope="row">{index + 1}</th>
                <td>
                  <code>{pattern}</code>
                </td>
                <td>{describe(results[index])}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </div>
  );
}

// An island of the article: it hydrates on its own (plugins/startup).
export default registerIsland(PathPatternTester);
