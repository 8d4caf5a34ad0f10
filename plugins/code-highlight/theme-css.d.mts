import type {PrismTheme} from 'prism-react-renderer';

export function themeRules(theme: PrismTheme, mode: 'light' | 'dark'): string[];
export function themeCss(themes: {light: PrismTheme; dark: PrismTheme}): string;
