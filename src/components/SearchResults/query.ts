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

export async function runQuery(index: object, docs: SearchDoc[], text: string, limit = 50): Promise<SearchHit[]> {
  const lunrQuery = toLunrQuery(text);
  if (!lunrQuery) return [];
  const {default: lunr} = await import('lunr');
  const idx = lunr.Index.load(index as never);
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
