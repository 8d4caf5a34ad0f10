/** How a provider applies a feature: in its own configuration, in Tributary's edge runtime, or not at all. */
export type SupportLevel = 'native' | 'edge_compute' | 'unsupported';

/** The providers Tributary configures, in column order, keyed as in the API's `ProviderType`. */
export const PROVIDERS = [
  {key: 'cloudflare', label: 'Cloudflare'},
  {key: 'cloudfront', label: 'CloudFront'},
  {key: 'google_cloud_cdn', label: 'Google Cloud CDN'},
  {key: 'fastly', label: 'Fastly'},
  {key: 'akamai', label: 'Akamai'},
  {key: 'azure_cdn', label: 'Azure CDN'},
] as const;

export type ProviderKey = (typeof PROVIDERS)[number]['key'];

/** One feature: a support level per provider, and an optional note written with `code` spans. */
export type SupportRow = Record<ProviderKey, SupportLevel> & {note?: string};

/** The text shown for each level; the component adds a symbol and a colour that repeat it. */
export const LEVEL_LABELS: Record<SupportLevel, string> = {
  native: 'Native',
  edge_compute: 'Edge compute',
  unsupported: 'Not supported',
};

function isLevel(value: unknown): value is SupportLevel {
  return typeof value === 'string' && Object.hasOwn(LEVEL_LABELS, value);
}

/**
 * Checks the shape of matrix data read from JSON (an object keyed by feature name, in display
 * order) and returns its rows. Any problem throws, so a typo in the data file fails the build
 * instead of showing a wrong or empty cell.
 */
export function parseSupportData(data: unknown): [string, SupportRow][] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new Error('SupportMatrix: data must be an object keyed by feature name.');
  }
  const allowed = new Set<string>([...PROVIDERS.map((provider) => provider.key), 'note']);
  return Object.entries(data).map(([feature, row]: [string, unknown]) => {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      throw new Error(`SupportMatrix: "${feature}" must be an object.`);
    }
    const record = row as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (!allowed.has(key)) throw new Error(`SupportMatrix: "${feature}" has an unknown key "${key}".`);
    }
    for (const {key} of PROVIDERS) {
      if (!isLevel(record[key])) {
        throw new Error(
          `SupportMatrix: "${feature}.${key}" must be one of ${Object.keys(LEVEL_LABELS).join(', ')} (found ${String(record[key])}).`,
        );
      }
    }
    if (record.note !== undefined && (typeof record.note !== 'string' || record.note.trim() === '')) {
      throw new Error(`SupportMatrix: "${feature}.note" must be a non-empty string.`);
    }
    return [feature, record as SupportRow];
  });
}

/** Splits text into plain parts and `backquoted` code parts, as Markdown inline code. */
export function splitInlineCode(text: string): {code: boolean; text: string}[] {
  return text
    .split(/(`[^`]+`)/)
    .filter((part) => part !== '')
    .map((part) =>
      part.length > 2 && part.startsWith('`') && part.endsWith('`')
        ? {code: true, text: part.slice(1, -1)}
        : {code: false, text: part},
    );
}
