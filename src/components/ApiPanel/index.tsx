import {
  Children,
  createContext,
  isValidElement,
  useContext,
  useId,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import ApiTryIt from '@site/src/components/ApiTryIt';
import type {ExplorerOperation} from '@site/src/components/ApiExplorer/types';
import styles from './styles.module.css';

/** A named request example of the operation, with its JSON body for Try it. */
export interface PanelRequestExample {
  name: string;
  summary: string;
  /** Pretty JSON of the body, when the operation takes one. */
  body?: string;
}

/** A response example of one status (several for a status with several named examples). */
export interface PanelResponseExample {
  /** Unique on the page: `<status>-<example name>`. */
  key: string;
  /** The request example this response answers, when the spec names them alike. */
  example?: string;
  label: string;
}

export interface ApiPanelProps {
  requestExamples: PanelRequestExample[];
  responseExamples: PanelResponseExample[];
  operation: ExplorerOperation;
  children: ReactNode;
}

interface Selection {
  request: string;
  response: string;
}

const SelectionContext = createContext<Selection | null>(null);

/** One request example's code samples; shown while its example is the chosen one. */
export function ApiPanelRequest({example, children}: {example: string; children: ReactNode}): ReactNode {
  const selection = useContext(SelectionContext);
  return (
    <div className={styles.sample} hidden={selection?.request !== example} data-example={example}>
      {children}
    </div>
  );
}

/** One response example; shown while it is the chosen response. */
export function ApiPanelResponse({example, children}: {example: string; children: ReactNode}): ReactNode {
  const selection = useContext(SelectionContext);
  return (
    <div className={styles.sample} hidden={selection?.response !== example} data-response={example}>
      {children}
    </div>
  );
}

const isElementOf =
  (type: unknown) =>
  (child: ReactNode): child is ReactElement =>
    isValidElement(child) && child.type === type;

/**
 * The right-hand column of an operation page (below the description on narrow screens): the
 * request sample in the reader's language, a picker of the operation's named examples, the response
 * example of the chosen status, and Try it. Beside the fields on wide screens, it stays in view
 * while the reader scrolls (see styles.module.css).
 */
export default function ApiPanel({requestExamples, responseExamples, operation, children}: ApiPanelProps): ReactNode {
  const id = useId();
  const [request, setRequest] = useState(requestExamples[0]?.name ?? 'default');
  const [response, setResponse] = useState(
    responseExamples.find((candidate) => candidate.example === request)?.key ?? responseExamples[0]?.key ?? '',
  );
  const items = Children.toArray(children);
  const requests = items.filter(isElementOf(ApiPanelRequest));
  const responses = items.filter(isElementOf(ApiPanelResponse));

  function chooseRequest(name: string) {
    setRequest(name);
    // The response the spec pairs with this example (same name), if there is one.
    const paired = responseExamples.find((candidate) => candidate.example === name);
    if (paired) setResponse(paired.key);
  }

  const chosen = requestExamples.find((example) => example.name === request);
  return (
    <aside className={styles.panel} aria-label="Request and response">
      <SelectionContext.Provider value={{request, response}}>
        <div className={styles.header}>
          <h2 id={`${id}-request`} className={styles.title}>
            Request
          </h2>
          {requestExamples.length > 1 && (
            <label className={styles.picker}>
              <span>Example</span>
              <select value={request} onChange={(event) => chooseRequest(event.target.value)}>
                {requestExamples.map((example) => (
                  <option key={example.name} value={example.name}>
                    {example.summary}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        {requests}
        <ApiTryIt operation={chosen?.body === undefined ? operation : {...operation, body: chosen.body}} />
        {responses.length > 0 && (
          <>
            <div className={styles.header}>
              <h2 id={`${id}-response`} className={styles.title}>
                Response
              </h2>
              <label className={styles.picker}>
                <span>Status</span>
                <select value={response} onChange={(event) => setResponse(event.target.value)}>
                  {responseExamples.map((example) => (
                    <option key={example.key} value={example.key}>
                      {example.label}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            {responses}
          </>
        )}
      </SelectionContext.Provider>
    </aside>
  );
}
