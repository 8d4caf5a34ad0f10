export interface ExportedPage {
  title: string;
  description: string;
  url: string;
  markdownUrl: string;
  section: string;
  markdown: string;
}
export function llmsTxt(pages: ExportedPage[], site: {title: string; summary: string; details: string[]}): string;
export function llmsFullTxt(pages: ExportedPage[], site: {title: string; summary: string}): string;
