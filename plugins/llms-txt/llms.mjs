// The two index files of the Markdown export (https://llmstxt.org): llms.txt lists every page with
// its title, description and Markdown address, grouped in sections; llms-full.txt holds the
// Markdown of every page, one after the other.

/** One line of a description: whitespace collapsed. */
const oneLine = (value = '') => value.replace(/\s+/g, ' ').trim();
/** Square brackets would end the link text of a list entry early. */
const linkText = (value) => oneLine(value).replace(/([[\]])/g, '\\$1');

/**
 * @typedef {{title: string, description: string, url: string, markdownUrl: string, section: string, markdown: string}} ExportedPage
 */

/** The pages grouped by section, sections in their first appearance order. */
function sections(pages) {
  const grouped = new Map();
  for (const page of pages) {
    if (!grouped.has(page.section)) grouped.set(page.section, []);
    grouped.get(page.section).push(page);
  }
  return grouped;
}

/**
 * @param {ExportedPage[]} pages in reading order
 * @param {{title: string, summary: string, details: string[]}} site
 */
export function llmsTxt(pages, site) {
  const lines = [`# ${site.title}`, '', `> ${oneLine(site.summary)}`, ''];
  for (const paragraph of site.details) lines.push(oneLine(paragraph), '');
  for (const [section, entries] of sections(pages)) {
    lines.push(`## ${section}`, '');
    for (const page of entries) {
      const description = oneLine(page.description);
      lines.push(`- [${linkText(page.title)}](${page.markdownUrl})${description ? `: ${description}` : ''}`);
    }
    lines.push('');
  }
  return `${lines.join('\n').trim()}\n`;
}

const SEPARATOR = '='.repeat(80);

/**
 * @param {ExportedPage[]} pages in reading order
 * @param {{title: string, summary: string}} site
 */
export function llmsFullTxt(pages, site) {
  const parts = [`# ${site.title}: full text`, '', `> ${oneLine(site.summary)}`, ''];
  for (const page of pages) {
    parts.push(
      SEPARATOR,
      `Page: ${oneLine(page.title)}`,
      `Source: ${page.url}`,
      `Markdown: ${page.markdownUrl}`,
      SEPARATOR,
      '',
      page.markdown.trim(),
      '',
    );
  }
  return `${parts.join('\n').trim()}\n`;
}
