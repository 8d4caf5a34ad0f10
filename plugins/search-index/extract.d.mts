export function cleanText(text: string): string;
export function extractPage(html: string): {
  title: string;
  description: string;
  breadcrumbs: string[];
  sections: {anchor: string; heading: string; parent: string; text: string; code: string}[];
} | null;
