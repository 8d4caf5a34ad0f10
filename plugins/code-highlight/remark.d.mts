import type {Plugin} from 'unified';

/** Highlights fenced code blocks at build time (see highlight.mjs). */
declare const remarkCodeHighlight: Plugin<[{languages?: string[]}?]>;
export default remarkCodeHighlight;
