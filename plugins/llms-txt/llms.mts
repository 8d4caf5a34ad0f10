// The two index files of the Markdown export (https://llmstxt.org): llms.txt lists every page with
// its title, description and Markdown address, grouped in sections; llms-full.txt holds the
// Markdown of every page, one after the other.

/** One line of a description: whitespace collapsed. */
const oneLine = (value = ''): string => value.replace(/\s+/g, ' ').trim();
/** Square brackets would end the link text of a list entry early. */
const linkText = (value: string): string => oneLine(value).replace(/([[\]])/g, '\\$1');

/** A page of the export: where it is, its Markdown and the llms.txt section that lists it. */
export interface ExportedPage {
  title: string;
  description: string;
  url: string;
  markdownUrl: string;
  section: string;
  markdown: string;
}

/** The pages grouped by section, sections in their first appearance order. */
function sections(pages: ExportedPage[]): Map<string, ExportedPage[]> {
  const grouped = new Map<string, ExportedPage[]>();
  for (const page of pages) {
    const entries = grouped.get(page.section) ?? [];
    entries.push(page);
    grouped.set(page.section, entries);
  }
  return grouped;
}

/** llms.txt of the pages, in reading order. */
export function llmsTxt(pages: ExportedPage[], site: {title: string; summary: string; details: string[]}): string {
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

/** llms-full.txt of the pages, in reading order. */
export function llmsFullTxt(pages: ExportedPage[], site: {title: string; summary: string}): string {
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
