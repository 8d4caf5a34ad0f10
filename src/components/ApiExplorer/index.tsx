import {useId, useState, type FormEvent, type ReactNode} from 'react';
import {buildRequest, parameterKey, prettyBody, TOKEN_STORAGE_KEY, type ParameterValues} from './request';
import type {ExplorerOperation} from './types';
import styles from './styles.module.css';

interface Answer {
  url: string;
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
}

function readToken(): string {
  try {
    return sessionStorage.getItem(TOKEN_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

function storeToken(token: string) {
  try {
    if (token) sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
    else sessionStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be disabled; the token then lives in this form only.
  }
}

/**
 * The "Send API Request" panel: server, token, parameters and JSON body, then the answer's status,
 * headers and body. Loaded on demand by ApiTryIt.
 */
export default function ApiExplorer({operation}: {operation: ExplorerOperation}): ReactNode {
  const id = useId();
  const [server, setServer] = useState(operation.servers[0]?.url ?? '');
  const [token, setToken] = useState(readToken);
  const [values, setValues] = useState<ParameterValues>(() =>
    Object.fromEntries(
      operation.parameters.map((parameter) => [
        parameterKey(parameter),
        parameter.in === 'path' || parameter.required ? parameter.example : '',
      ]),
    ),
  );
  const [body, setBody] = useState(operation.body ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [sending, setSending] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    const request = buildRequest(operation, {server, token, values, body});
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
            ? 'Start the local mock with "npm run mock".'
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
          <select id={`${id}-server`} value={server} onChange={(event) => setServer(event.target.value)}>
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
            type="password"
            autoComplete="off"
            placeholder="Bearer Token"
            aria-describedby={`${id}-token-hint`}
            value={token}
            onChange={(event) => {
              setToken(event.target.value);
              storeToken(event.target.value);
            }}
          />
          <span id={`${id}-token-hint`} className={styles.hint}>
            Kept in this browser tab only (session storage) and never shown in the code samples.
          </span>
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
        <button type="submit" className="button button--primary" disabled={sending}>
          Send API Request
        </button>
      </form>
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
