// Code samples of an operation (curl, Python requests, Node.js fetch, Go net/http), written at build
// time from the operation and its first example. The token is never a real one: every sample reads
// it from the TRIBUTARY_TOKEN environment variable.
export const TOKEN_VARIABLE = 'TRIBUTARY_TOKEN';

export const SAMPLE_LANGUAGES = [
  {value: 'curl', label: 'curl', highlight: 'bash'},
  {value: 'python', label: 'Python', highlight: 'python'},
  {value: 'nodejs', label: 'Node.js', highlight: 'javascript'},
  {value: 'go', label: 'Go', highlight: 'go'},
];

/** The URL of a call: server, path with its parameters filled in, query string. */
export function sampleUrl({server, path, pathParams = {}, query = {}}) {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name) => {
    if (!(name in pathParams)) throw new Error(`no example value for path parameter "${name}" of ${path}`);
    return encodeURIComponent(String(pathParams[name]));
  });
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  return `${server}${filled}${search ? `?${search}` : ''}`;
}

const shellQuote = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

function curl({method, url, body, contentType}) {
  const lines = [`curl --request ${method.toUpperCase()} ${shellQuote(url)}`];
  lines.push(`--header "Authorization: Bearer $${TOKEN_VARIABLE}"`);
  lines.push(`--header 'Accept: application/json'`);
  if (body !== undefined) {
    lines.push(`--header 'Content-Type: ${contentType}'`);
    lines.push(`--data ${shellQuote(JSON.stringify(body, null, 2))}`);
  }
  return lines.join(' \\\n  ');
}

/** A JSON value as a Python literal (True/False/None), indented like json.dumps(indent=4). */
export function pythonLiteral(value, indent = 0) {
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
  const entries = Object.entries(value);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${pythonLiteral(item, indent + 4)}`).join(',\n')},\n${end}}`;
}

function python({method, url, body, contentType}) {
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

function nodejs({method, url, body, contentType}) {
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

function go({method, url, body, contentType}) {
  const json = body === undefined ? undefined : JSON.stringify(body, null, 2);
  // A Go raw string cannot hold a backtick; fall back to an interpreted string literal then.
  const goString = (text) => (text.includes('`') ? JSON.stringify(text) : `\`${text}\``);
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

const WRITERS = {curl, python, nodejs, go};

/**
 * One sample per language.
 * @param {{method: string, server: string, path: string, pathParams?: object, query?: object, body?: unknown, contentType?: string}} call
 */
export function codeSamples(call) {
  const url = sampleUrl(call);
  return SAMPLE_LANGUAGES.map((language) => ({
    ...language,
    code: WRITERS[language.value]({
      method: call.method,
      url,
      body: call.body,
      contentType: call.contentType ?? 'application/json',
    }),
  }));
}
