export function htmlToMarkdown(html: string, pageUrl: string): Promise<string>;
export function pageInfo(html: string, siteTitle: string): {title: string; description: string};
