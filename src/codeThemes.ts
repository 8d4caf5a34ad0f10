import {themes, type PrismTheme} from 'prism-react-renderer';

/**
 * Replacement colours for the token types of a Prism theme. Only colours are replaced; each must
 * reach WCAG AA's 4.5:1 against the theme's background (checked by codeThemes.test.ts).
 */
function withColors(theme: PrismTheme, colors: Record<string, string>): PrismTheme {
  return {
    ...theme,
    styles: theme.styles.map((style) => {
      const key = [style.types.join(','), ...(style.languages ?? [])].join('|');
      return key in colors ? {...style, style: {...style.style, color: colors[key]}} : style;
    }),
  };
}

/** VS Code's light theme with the four token colours that fell under 4.5:1 on white darkened. */
export const codeThemeLight = withColors(themes.vsLight, {
  'number,variable,inserted': 'rgb(8, 120, 78)',
  'attr-name': 'rgb(196, 0, 0)',
  'class-name': 'rgb(30, 110, 133)',
  comment: 'rgb(0, 115, 0)',
});

/** VS Code's dark theme with the token colours that fell under 4.5:1 on #1e1e1e lightened. */
export const codeThemeDark = withColors(themes.vsDark, {
  prolog: 'rgb(160, 160, 235)',
  constant: 'rgb(160, 162, 220)',
  'punctuation|markup': '#a0a0a0',
  char: 'rgb(226, 132, 132)',
});
