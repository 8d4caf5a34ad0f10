import type {Plugin} from 'unified';

/** Replaces ```mermaid blocks with <img> elements of their build-time SVG. */
declare const remarkMermaidImages: Plugin<[{baseUrl?: string}?]>;
export default remarkMermaidImages;
