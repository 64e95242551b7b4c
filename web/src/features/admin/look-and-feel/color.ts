/** `#rrggbb`, the only colour form the branding and theme swatches take (any case). */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export const isHexColor = (value: string) => HEX_COLOR.test(value);

/** WCAG 2.x relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const c = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2.x contrast ratio of two `#rrggbb` colours (1 to 21), floored to 2 decimals as the API reports it. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return Math.floor(((light + 0.05) / (dark + 0.05)) * 100) / 100;
}

/** White or black, whichever reads better on `fill`. */
export const inkOn = (fill: string) =>
  contrastRatio('#ffffff', fill) >= contrastRatio('#000000', fill) ? '#ffffff' : '#000000';

/** What a colour input can show for a field's text: the colour when it is one, else black. */
export const swatchValue = (text: string) => (isHexColor(text) ? text.toLowerCase() : '#000000');
