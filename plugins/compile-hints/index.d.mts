import type {Plugin} from '@docusaurus/types';

export const COMPILE_HINT: string;
export default function compileHintsPlugin(): Plugin;
