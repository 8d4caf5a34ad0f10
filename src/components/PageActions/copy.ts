/** A failure to load the Markdown, told apart from a refusal of the clipboard. */
export class MarkdownLoadError extends Error {}

async function loadMarkdown(address: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(address, {headers: {Accept: 'text/markdown'}});
  } catch {
    throw new MarkdownLoadError('the network request failed');
  }
  if (!response.ok) throw new MarkdownLoadError(`the server answered ${response.status}`);
  return response.text();
}

/**
 * Copies the Markdown at `address` to the clipboard. The pending text goes into a ClipboardItem at
 * once, where the browser supports it, so that the copy still counts as part of the click (Safari
 * refuses clipboard writes made after an await).
 */
export async function copyMarkdown(address: string): Promise<void> {
  const text = loadMarkdown(address);
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    try {
      const blob = text.then((value) => new Blob([value], {type: 'text/plain'}));
      await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
      return;
    } catch (error) {
      await text; // a failed load explains the failure better than the clipboard's own error
      throw error;
    }
  }
  if (!navigator.clipboard?.writeText) throw new Error('this browser offers no clipboard access');
  await navigator.clipboard.writeText(await text);
}

/** What the reader is told when the copy fails. */
export function copyErrorMessage(error: unknown): string {
  if (error instanceof MarkdownLoadError) return `Could not copy: the Markdown could not be loaded (${error.message}).`;
  return 'Could not copy: the browser did not allow access to the clipboard. Use "View as Markdown" instead.';
}
