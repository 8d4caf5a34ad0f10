// Requests written out for readers: the URL of a call, and the same call in every sample language
// (curl, Python requests, Node.js fetch, Go net/http). The API pages' code samples, the guides'
// <ApiRequest> blocks and the Markdown twins' example requests are all written here. The token is
// never a real one: every request reads it from the TRIBUTARY_TOKEN environment variable.

export const TOKEN_VARIABLE = 'TRIBUTARY_TOKEN';

export type SampleLanguage = 'curl' | 'python' | 'nodejs' | 'go';

export const SAMPLE_LANGUAGES: readonly {value: SampleLanguage; label: string; highlight: string}[] = [
  {value: 'curl', label: 'curl', highlight: 'bash'},
  {value: 'python', label: 'Python', highlight: 'python'},
  {value: 'nodejs', label: 'Node.js', highlight: 'javascript'},
  {value: 'go', label: 'Go', highlight: 'go'},
];

/**
 * A path template with its parameters filled in, each value URL-encoded. A parameter without a
 * value throws with `missing: 'throw'` (the default) or stays as its `{name}` with `'keep'`.
 */
export function fillPath(
  path: string,
  values: Record<string, unknown> = {},
  {missing = 'throw'}: {missing?: 'throw' | 'keep'} = {},
): string {
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    if (values[name] === undefined || values[name] === null) {
      if (missing === 'keep') return whole;
      throw new Error(`no example value for path parameter "${name}" of ${path}`);
    }
    return encodeURIComponent(String(values[name]));
  });
}

export interface CallAddress {
  /** Server URL, such as `https://api.tributary.example/api/v1`. */
  server: string;
  /** Path template, such as `/services/{service_id}/`. */
  path: string;
  pathParams?: Record<string, unknown>;
  query?: Record<string, unknown>;
  /** What to do with a path parameter without a value (see fillPath). */
  missing?: 'throw' | 'keep';
}

/** The URL of a call: server, path with its parameters filled in, query string. */
export function requestUrl({server, path, pathParams = {}, query = {}, missing}: CallAddress): string {
  const filled = fillPath(path, pathParams, {missing});
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  return `${server}${filled}${search ? `?${search}` : ''}`;
}

/** A request as the builders take it: everything resolved, `url` complete. */
export interface Request {
  method: string;
  url: string;
  body?: unknown;
  /** The body's media type (default `application/json`). */
  contentType?: string;
  /**
   * Request headers other than `Authorization`, `Accept` and `Content-Type`, such as
   * `Idempotency-Key` or `If-Match`, by name. Only curl writes them (the guides' <ApiRequest>): a
   * value may be a shell expansion (see isShellExpansion), which the shell fills in when it runs.
   */
  headers?: Record<string, string>;
}

export interface CurlOptions {
  /** Send `Authorization: Bearer $TRIBUTARY_TOKEN` (default true; false for an operation without security). */
  auth?: boolean;
  /** Send `Accept: application/json` (the API pages' samples do). */
  accept?: boolean;
}

/** `text` as one single-quoted shell word. */
export const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * True for a header value that a shell fills in when the command runs: a variable (`$NAME`,
 * `${NAME}`) or a command substitution (`$(uuidgen)`). The guides send an `Idempotency-Key` that way.
 */
export const isShellExpansion = (value: string): boolean =>
  /^\$(?:[A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_]*\}|\([A-Za-z0-9_ .-]+\))$/.test(value);

/** One `--header` option: double-quoted for a shell expansion, so that it expands; else single-quoted. */
function curlHeader(name: string, value: string): string {
  return isShellExpansion(value) ? `--header "${name}: ${value}"` : `--header ${shellQuote(`${name}: ${value}`)}`;
}

/** The curl command of a request, one option a line. */
export function curlCommand(
  {method, url, body, contentType = 'application/json', headers = {}}: Request,
  {auth = true, accept = false}: CurlOptions = {},
): string {
  const lines = [`curl --request ${method.toUpperCase()} ${shellQuote(url)}`];
  if (auth) lines.push(`--header "Authorization: Bearer $${TOKEN_VARIABLE}"`);
  if (accept) lines.push(`--header 'Accept: application/json'`);
  for (const [name, value] of Object.entries(headers)) lines.push(curlHeader(name, value));
  if (body !== undefined) {
    lines.push(`--header 'Content-Type: ${contentType}'`);
    lines.push(`--data ${shellQuote(JSON.stringify(body, null, 2))}`);
  }
  return lines.join(' \\\n  ');
}

/** A JSON value as a Python literal (True/False/None), indented like json.dumps(indent=4). */
export function pythonLiteral(value: unknown, indent = 0): string {
  const pad = ' '.repeat(indent + 4);
  const end = ' '.repeat(indent);
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[\n${value.map((item) => `${pad}${pythonLiteral(item, indent + 4)}`).join(',\n')},\n${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${pythonLiteral(item, indent + 4)}`).join(',\n')},\n${end}}`;
}

/** The request with Python's requests library. */
export function pythonRequest({method, url, body, contentType = 'application/json'}: Request): string {
  // requests' json= sends application/json; another JSON type is named in the headers.
  const typeHeader =
    body !== undefined && contentType !== 'application/json' ? `, "Content-Type": "${contentType}"` : '';
  const args = [
    `    ${JSON.stringify(url)}`,
    `    headers={"Authorization": f"Bearer {os.environ['${TOKEN_VARIABLE}']}"${typeHeader}}`,
  ];
  if (body !== undefined) args.push(`    json=${pythonLiteral(body, 4)}`);
  return [
    'import os',
    '',
    'import requests',
    '',
    `response = requests.${method.toLowerCase()}(`,
    `${args.join(',\n')},`,
    '    timeout=30,',
    ')',
    'print(response.status_code)',
    'print(response.text)',
  ].join('\n');
}

/** The request with Node.js fetch. */
export function nodeRequest({method, url, body, contentType = 'application/json'}: Request): string {
  const headers = [
    `    Authorization: \`Bearer \${process.env.${TOKEN_VARIABLE}}\`,`,
    `    Accept: 'application/json',`,
  ];
  if (body !== undefined) headers.push(`    'Content-Type': '${contentType}',`);
  const options = [`  method: '${method.toUpperCase()}',`, `  headers: {\n${headers.join('\n')}\n  },`];
  if (body !== undefined) {
    const json = JSON.stringify(body, null, 2).replaceAll('\n', '\n  ');
    options.push(`  body: JSON.stringify(${json}),`);
  }
  return [
    `const response = await fetch(${JSON.stringify(url)}, {`,
    ...options,
    '});',
    'console.log(response.status);',
    'console.log(await response.text());',
  ].join('\n');
}

/** The request with Go's net/http. */
export function goRequest({method, url, body, contentType = 'application/json'}: Request): string {
  const json = body === undefined ? undefined : JSON.stringify(body, null, 2);
  // A Go raw string cannot hold a backtick; fall back to an interpreted string literal then.
  const goString = (text: string) => (text.includes('`') ? JSON.stringify(text) : `\`${text}\``);
  const imports = ['"fmt"', '"io"', '"net/http"', '"os"', ...(json ? ['"strings"'] : [])].sort();
  return [
    'package main',
    '',
    'import (',
    ...imports.map((name) => `\t${name}`),
    ')',
    '',
    'func main() {',
    json ? `\tbody := strings.NewReader(${goString(json)})` : null,
    `\treq, err := http.NewRequest(${JSON.stringify(method.toUpperCase())}, ${JSON.stringify(url)}, ${json ? 'body' : 'nil'})`,
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    `\treq.Header.Set("Authorization", "Bearer "+os.Getenv(${JSON.stringify(TOKEN_VARIABLE)}))`,
    '\treq.Header.Set("Accept", "application/json")',
    json ? `\treq.Header.Set("Content-Type", ${JSON.stringify(contentType)})` : null,
    '\tresp, err := http.DefaultClient.Do(req)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer resp.Body.Close()',
    '\tanswer, _ := io.ReadAll(resp.Body)',
    '\tfmt.Println(resp.Status)',
    '\tfmt.Println(string(answer))',
    '}',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

/** The builder of each sample language. */
export const REQUEST_BUILDERS: Readonly<Record<SampleLanguage, (request: Request) => string>> = {
  curl: (request) => curlCommand(request, {accept: true}),
  python: pythonRequest,
  nodejs: nodeRequest,
  go: goRequest,
};

export interface CodeSample {
  value: SampleLanguage;
  label: string;
  highlight: string;
  code: string;
}

/** The code samples of an API page: the call in each sample language. */
export function codeSamples(call: CallAddress & {method: string; body?: unknown; contentType?: string}): CodeSample[] {
  const url = requestUrl(call);
  return SAMPLE_LANGUAGES.map((language) => ({
    ...language,
    code: REQUEST_BUILDERS[language.value]({
      method: call.method,
      url,
      body: call.body,
      contentType: call.contentType ?? 'application/json',
    }),
  }));
}
