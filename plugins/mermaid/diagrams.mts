// Shared by the diagram renderer (scripts/render-diagrams.mts) and the remark plugin: where the
// static SVG of a Mermaid block lives, named by a hash of its source.
import {createHash} from 'node:crypto';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIAGRAM_DIR = path.join(root, 'generated/static/diagrams');
/** URL path of the diagrams under the site's base URL. */
export const DIAGRAM_URL_PATH = 'diagrams';

export function diagramId(source: string): string {
  return createHash('sha256').update(source.trim()).digest('hex').slice(0, 16);
}

/** The text alternative a diagram declares with `accTitle:` and `accDescr:`. */
export function diagramAlt(source: string): string {
  const title = source.match(/^\s*accTitle:\s*(.+)$/m)?.[1]?.trim();
  const description = source.match(/^\s*accDescr:\s*(.+)$/m)?.[1]?.trim();
  return [title, description].filter(Boolean).join('. ');
}
