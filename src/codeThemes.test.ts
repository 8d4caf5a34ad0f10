import {test} from 'node:test';
import assert from 'node:assert/strict';
import {codeThemeDark, codeThemeLight} from './codeThemes';

function channels(color: string): number[] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16));
  }
  const rgb = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(color);
  if (rgb) return rgb.slice(1).map(Number);
  throw new Error(`unsupported colour ${color}`);
}

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(color: string): number {
  const [r, g, b] = channels(color).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

for (const [name, theme] of Object.entries({codeThemeLight, codeThemeDark})) {
  test(`every token colour of ${name} reaches 4.5:1 on its background`, () => {
    const background = theme.plain.backgroundColor!;
    const colors = [
      theme.plain.color!,
      ...theme.styles.map((style) => style.style.color).filter((c) => c !== undefined),
    ];
    const low = colors.filter((color) => contrast(color, background) < 4.5);
    assert.deepEqual(
      low.map((color) => `${color}: ${contrast(color, background).toFixed(2)}`),
      [],
    );
  });
}
