// Docusaurus's own preload, by file: the client entry's `./preload` now resolves here.
// With its extension: the alias matches the address without one, as the client entry writes it.
import corePreload from '@docusaurus/core/lib/client/preload.js';

let first = true;

/**
 * Preloads the route of `pathname` (what Docusaurus's client entry waits for before it hydrates, and
 * what a navigation waits for). The first call, made by the client entry (client/clientEntry.tsx)
 * right after it has evaluated the app's last modules, waits for a task of its own, so matching the
 * route table does not lengthen that one.
 */
export default function preload(pathname: string): Promise<unknown> {
  if (!first || typeof window === 'undefined') return corePreload(pathname);
  first = false;
  return new Promise((resolve) => setTimeout(resolve)).then(() => corePreload(pathname));
}
