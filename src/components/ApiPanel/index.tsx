import {Children, createContext, isValidElement, useContext, useState, type ReactElement, type ReactNode} from 'react';
import ApiTryIt from '@site/src/components/ApiTryIt';
import type {ExplorerOperation} from '@site/src/components/ApiExplorer/types';
import styles from './styles.module.css';
import {registerIsland} from '@site/plugins/startup/islands';

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

// The examples not chosen are not rendered at all, rather than hidden: an operation page can have a
// dozen response examples and several request examples in four languages, and hidden markup still
// costs parsing and hydration after the first paint. Without JavaScript the pickers do nothing, so
// the first examples, rendered on the server, are all such a reader could see anyway.

/**
 * The component of one example of a picker: its children, in the wrapper the panel styles, with
 * `attribute` naming the example; nothing unless it is the chosen one.
 */
function chosenSample(picker: keyof Selection, attribute: 'data-example' | 'data-response') {
  return function ChosenSample({example, children}: {example: string; children: ReactNode}): ReactNode {
    if (useContext(SelectionContext)?.[picker] !== example) return null;
    return (
      <div className={styles.sample} {...{[attribute]: example}}>
        {children}
      </div>
    );
  };
}

/** One request example's code samples; rendered while its example is the chosen one. */
export const ApiPanelRequest = chosenSample('request', 'data-example');

/** One response example; rendered while it is the chosen response. */
export const ApiPanelResponse = chosenSample('response', 'data-response');

/** A labelled select of the panel: `options` are [value, text] pairs. */
function Picker({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}): ReactNode {
  return (
    <label className={styles.picker}>
      <span>{label}</span>
      <select className={styles.select} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </label>
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
function ApiPanel({requestExamples, responseExamples, operation, children}: ApiPanelProps): ReactNode {
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
  const requestOptions = requestExamples.map((example): [string, string] => [example.name, example.summary]);
  const responseOptions = responseExamples.map((example): [string, string] => [example.key, example.label]);
  return (
    <aside className={styles.panel} aria-label="Request and response">
      <SelectionContext.Provider value={{request, response}}>
        <div className={styles.header}>
          <h2 className={styles.title}>Request</h2>
          {requestExamples.length > 1 && (
            <Picker label="Example" value={request} options={requestOptions} onChange={chooseRequest} />
          )}
        </div>
        {requests}
        <ApiTryIt operation={chosen?.body === undefined ? operation : {...operation, body: chosen.body}} />
        {responses.length > 0 && (
          <>
            <div className={styles.header}>
              <h2 className={styles.title}>Response</h2>
              <Picker label="Status" value={response} options={responseOptions} onChange={setResponse} />
            </div>
            {responses}
          </>
        )}
      </SelectionContext.Provider>
    </aside>
  );
}

// An island of the article: it hydrates on its own (plugins/startup).
export default registerIsland(ApiPanel);
