// The sandbox's part of `npm run loadtest`: 1,000 seeded sandboxes, then a mixed load through nginx
// (70 % reads, 30 % writes, each request with one of the tokens at random), then the memory of the
// sandbox processes once 10,000 sandboxes are seeded. Tokens are minted on a sandbox socket, behind
// nginx, whose limit on new tokens (5 a second per client) would otherwise be all it measured.
import {request} from 'node:http';
import {readFileSync} from 'node:fs';
import autocannon, {type AutocannonRequest} from 'autocannon';

export const SERVICE_ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
const ORIGIN_ID = '3b9e7c14-52d8-4f6a-9e21-7c0d4a8b6f35';

/** Mints one seeded sandbox on a sandbox process's socket and returns its token. */
function mint(socketPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const call = request(
      {socketPath, path: '/docs/sandbox/tokens?seed=example-world', method: 'POST', headers: {host: '127.0.0.1'}},
      (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () =>
          response.statusCode === 201
            ? resolve((JSON.parse(body) as {token: string}).token)
            : reject(new Error(`${response.statusCode} ${body}`)),
        );
      },
    );
    call.on('error', reject);
    call.end();
  });
}

/** Mints `count` sandboxes over the sockets, a few at a time. */
export async function mintMany(sockets: string[], count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let start = 0; start < count; start += 16) {
    const batch = Array.from({length: Math.min(16, count - start)}, (_, index) =>
      mint(sockets[(start + index) % sockets.length]),
    );
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}

/** The mixed load: 7 reads for 3 writes, spread over the tokens. */
export async function mixedLoad({
  origin,
  tokens,
  duration,
  connections,
}: {
  origin: string;
  tokens: string[];
  duration: number;
  connections: number;
}) {
  const api = '/docs/sandbox/api/v1';
  const pick = () => tokens[Math.floor(Math.random() * tokens.length)];
  const read = (path: string) => ({method: 'GET' as const, path: `${api}${path}`});
  const mix = [
    read('/services/'),
    read(`/services/${SERVICE_ID}/`),
    read(`/services/${SERVICE_ID}/origins/`),
    read(`/services/${SERVICE_ID}/traffic-policies/`),
    read(`/services/${SERVICE_ID}/domains/`),
    read('/certificates/'),
    read(`/services/${SERVICE_ID}/origins/${ORIGIN_ID}/`),
    {
      method: 'PATCH' as const,
      path: `${api}/services/${SERVICE_ID}/origins/${ORIGIN_ID}/`,
      contentType: 'application/merge-patch+json',
      body: () => ({read_timeout_seconds: 5 + Math.floor(Math.random() * 55)}),
    },
    {
      method: 'PATCH' as const,
      path: `${api}/services/${SERVICE_ID}/`,
      contentType: 'application/merge-patch+json',
      body: () => ({name: `www-production`}),
    },
    {
      method: 'PATCH' as const,
      path: `${api}/services/${SERVICE_ID}/origins/${ORIGIN_ID}/`,
      contentType: 'application/merge-patch+json',
      body: () => ({connect_timeout_seconds: 1 + Math.floor(Math.random() * 10)}),
    },
  ];
  return autocannon({
    url: origin,
    connections,
    duration,
    requests: mix.map((entry) => ({
      method: entry.method,
      path: entry.path,
      setupRequest: (req: AutocannonRequest) => ({
        ...req,
        headers: {
          authorization: `Bearer ${pick()}`,
          ...('contentType' in entry ? {'content-type': entry.contentType} : {}),
        },
        ...('body' in entry ? {body: JSON.stringify(entry.body())} : {}),
      }),
    })),
  });
}

/** Resident memory of a process, in MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
}
