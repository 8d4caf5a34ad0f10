export interface SearchDoc {
  title: string;
  url: string;
  content: string;
  sectionRef?: string;
}

export interface SearchHit {
  title: string;
  url: string;
  excerpt: string;
}

/** Turns free text into a lunr query that never throws: lunr's syntax characters are dropped. */
export function toLunrQuery(text: string): string {
  return text
    .replace(/[:~^+\-*"\\{}[\]()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((term) => `${term}*`)
    .join(' ');
}

const loadedIndexes = new WeakMap<object, import('lunr').Index>();

/** Deserialises the lunr index once per loaded index file, not once per query. */
async function loadIndex(index: object): Promise<import('lunr').Index> {
  let loaded = loadedIndexes.get(index);
  if (!loaded) {
    const {default: lunr} = await import('lunr');
    loaded = lunr.Index.load(index as never);
    loadedIndexes.set(index, loaded);
  }
  return loaded;
}

export async function runQuery(index: object, docs: SearchDoc[], text: string, limit = 50): Promise<SearchHit[]> {
  const lunrQuery = toLunrQuery(text);
  if (!lunrQuery) return [];
  const idx = await loadIndex(index);
  const seen = new Set<string>();
  const hits: SearchHit[] = [];
  for (const result of idx.search(lunrQuery)) {
    const doc = docs[Number(result.ref)];
    if (!doc || seen.has(doc.url)) continue;
    seen.add(doc.url);
    hits.push({title: doc.title, url: doc.url.replace(/^\/docs/, ''), excerpt: doc.content.slice(0, 200)});
    if (hits.length >= limit) break;
  }
  return hits;
}
