import {useEffect, useId, useRef, useState, type FormEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {brand} from '../../brand';
import {
  buildRequest,
  isSandbox,
  parameterKey,
  prettyBody,
  sandboxTokenAddress,
  serverAddress,
  TOKEN_STORAGE_KEY,
  type ParameterValues,
} from './request';
import type {ExplorerOperation} from './types';
import styles from './styles.module.css';

interface Answer {
  url: string;
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
}

/**
 * The reader's token lives in memory (this variable: it survives client-side navigation, not a
 * reload) unless they ask to keep it for the tab, which puts it in session storage.
 */
let tokenInMemory = '';

function readKeptToken(): string {
  try {
    return sessionStorage.getItem(TOKEN_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

function keepToken(token: string, keep: boolean) {
  try {
    if (keep && token) sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
    else sessionStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be disabled; the token then stays in memory only.
  }
}

const addressOf = (serverUrl: string) => serverAddress(serverUrl, window.location.origin, brand.siteUrl);

/**
 * The "Send API Request" panel: server, token, parameters and JSON body, then the answer's status,
 * headers and body. Loaded on demand by ApiTryIt.
 */
export default function ApiExplorer({operation}: {operation: ExplorerOperation}): ReactNode {
  const id = useId();
  // The sandbox is where Try it sends by default; production is the reader's explicit choice.
  const [server, setServer] = useState(
    (operation.servers.find((option) => isSandbox(option.url)) ?? operation.servers[0])?.url ?? '',
  );
  const [minting, setMinting] = useState(false);
  const [tokenNote, setTokenNote] = useState('');
  const [kept, setKept] = useState(() => readKeptToken() !== '');
  const [token, setToken] = useState(() => tokenInMemory || readKeptToken());
  const [values, setValues] = useState<ParameterValues>(() =>
    Object.fromEntries(
      operation.parameters.map((parameter) => [
        parameterKey(parameter),
        parameter.in === 'path' || parameter.required ? parameter.example : '',
      ]),
    ),
  );
  const [body, setBody] = useState(operation.body ?? '');
  // Another example chosen in the panel replaces the body (state adjusted while rendering).
  const [bodyExample, setBodyExample] = useState(operation.body);
  if (bodyExample !== operation.body) {
    setBodyExample(operation.body);
    setBody(operation.body ?? '');
  }
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const needsConfirmation = Boolean(operation.destructive) && !isSandbox(server);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // The send button gives way to the question: keyboard focus follows it there.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  function send(event: FormEvent) {
    event.preventDefault();
    if (needsConfirmation) {
      setConfirming(true);
      return;
    }
    void dispatch();
  }

  /** One press: a new sandbox with the guides' example objects, and its token in the field. */
  async function getSandboxToken() {
    setMinting(true);
    setTokenNote('');
    const address = sandboxTokenAddress(addressOf(server));
    try {
      const response = await fetch(address, {method: 'POST', headers: {Accept: 'application/json'}});
      const answer = (await response.json()) as {token?: string; detail?: string};
      if (!response.ok || !answer.token) throw new Error(answer.detail ?? `${response.status} ${response.statusText}`);
      setToken(answer.token);
      tokenInMemory = answer.token;
      keepToken(answer.token, kept);
      setTokenNote('Sandbox token ready: a new sandbox with the example objects the guides use.');
    } catch (error) {
      setTokenNote(`No sandbox token from ${address}: ${(error as Error).message}`);
    } finally {
      setMinting(false);
    }
  }

  async function dispatch() {
    setConfirming(false);
    const request = buildRequest(operation, {server: addressOf(server), token, values, body});
    if ('problem' in request) {
      setProblem(request.problem);
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      const response = await fetch(request.url, request.init);
      const text = await response.text();
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => headers.push([name, value]));
      setAnswer({
        url: request.url,
        status: response.status,
        statusText: response.statusText,
        headers,
        body: prettyBody(text),
      });
    } catch {
      setAnswer(null);
      setProblem(
        `No answer from ${request.url}: the server is unreachable, or it does not allow requests from this page (CORS). ` +
          (server.startsWith('http://127.0.0.1')
            ? 'Start the local sandbox with "npm run mock".'
            : 'Check your connection.'),
      );
    } finally {
      setSending(false);
    }
  }

  const groups = (['path', 'query', 'header'] as const)
    .map((location) => ({location, parameters: operation.parameters.filter((p) => p.in === location)}))
    .filter((group) => group.parameters.length);
  const bodyIsInvalid = problem?.startsWith('The request body') ?? false;

  return (
    <section className={styles.explorer} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        Send API Request
      </h2>
      <form onSubmit={send} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-server`}>Server</label>
          <select
            id={`${id}-server`}
            className={styles.control}
            value={server}
            onChange={(event) => {
              setServer(event.target.value);
              setConfirming(false);
            }}
          >
            {operation.servers.map((option) => (
              <option key={option.url} value={option.url}>
                {option.url}
              </option>
            ))}
          </select>
          <span className={styles.hint}>
            {operation.servers.find((option) => option.url === server)?.description ?? ''}
          </span>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-token`}>Bearer token</label>
          <input
            id={`${id}-token`}
            className={styles.control}
            type="password"
            autoComplete="off"
            placeholder="Bearer Token"
            aria-describedby={`${id}-token-hint`}
            value={token}
            onChange={(event) => {
              setToken(event.target.value);
              tokenInMemory = event.target.value;
              keepToken(event.target.value, kept);
            }}
          />
          <span id={`${id}-token-hint`} className={styles.hint}>
            Never shown in the code samples. It stays in this page&apos;s memory and is gone after a reload, unless you
            keep it for this tab.
          </span>
          {isSandbox(server) && (
            <button
              type="button"
              className="button button--secondary button--sm"
              disabled={minting}
              onClick={() => void getSandboxToken()}
            >
              Get a sandbox token
            </button>
          )}
          <span role="status" className={styles.hint}>
            {minting ? 'Getting a sandbox token…' : tokenNote}
          </span>
          <label className={styles.check}>
            <input
              type="checkbox"
              className={styles.control}
              checked={kept}
              onChange={(event) => {
                setKept(event.target.checked);
                keepToken(token, event.target.checked);
              }}
            />
            Keep the token for this tab (session storage)
          </label>
        </div>
        {groups.map((group) => (
          <fieldset key={group.location} className={styles.group}>
            <legend>{`${group.location[0].toUpperCase()}${group.location.slice(1)} parameters`}</legend>
            {group.parameters.map((parameter) => {
              const key = parameterKey(parameter);
              return (
                <div key={key} className={styles.field}>
                  <label htmlFor={`${id}-${key}`}>
                    {parameter.name}
                    {parameter.required ? ' (required)' : ''}
                  </label>
                  <input
                    id={`${id}-${key}`}
                    className={styles.control}
                    type="text"
                    placeholder={parameter.example}
                    required={parameter.required}
                    value={values[key] ?? ''}
                    onChange={(event) => setValues((current) => ({...current, [key]: event.target.value}))}
                  />
                </div>
              );
            })}
          </fieldset>
        ))}
        {operation.body !== undefined && (
          <div className={styles.field}>
            <label htmlFor={`${id}-body`}>Request body (JSON)</label>
            <textarea
              id={`${id}-body`}
              className={styles.body}
              spellCheck={false}
              rows={Math.min(20, Math.max(6, body.split('\n').length + 1))}
              aria-invalid={bodyIsInvalid}
              aria-describedby={problem ? `${id}-problem` : undefined}
              value={body}
              onChange={(event) => setBody(event.target.value)}
            />
          </div>
        )}
        {needsConfirmation && !confirming && (
          <p className={styles.hint}>
            This {operation.method.toUpperCase()} changes your account: sending it to this server asks you to confirm
            first.
          </p>
        )}
        {!confirming && (
          <button type="submit" className="button button--primary" disabled={sending}>
            Send API Request
          </button>
        )}
      </form>
      {confirming && (
        <div role="alertdialog" aria-labelledby={`${id}-confirm`} className={styles.confirm}>
          <p id={`${id}-confirm`}>
            Send <code>{operation.method.toUpperCase()}</code> to <code>{server}</code>? It acts on your real account
            {operation.method === 'delete' ? ' and cannot be undone' : ': cached content is removed from every CDN'}.
          </p>
          <button
            type="button"
            className={clsx('button', styles.sendAnyway)}
            onClick={() => void dispatch()}
            ref={confirmButton}
          >
            Send to {operation.servers.find((option) => option.url === server)?.description ?? server}
          </button>{' '}
          <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      )}
      {problem && (
        <p id={`${id}-problem`} role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
      <p role="status" className={styles.status}>
        {sending ? 'Sending…' : answer ? `Response: ${answer.status} ${answer.statusText}` : ''}
      </p>
      {answer && (
        <div className={styles.answer}>
          <p className={styles.hint}>
            <code>{answer.url}</code>
          </p>
          <details>
            <summary>Response headers ({answer.headers.length})</summary>
            <dl className={styles.headers}>
              {answer.headers.map(([name, value]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </details>
          <section aria-label="Response body">
            <pre className={styles.response}>
              <code>{answer.body}</code>
            </pre>
          </section>
        </div>
      )}
    </section>
  );
}
