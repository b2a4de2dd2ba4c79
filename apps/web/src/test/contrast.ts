/**
 * WCAG 2 contrast of CSS colours written as `oklch(L C H)` or `hsl(H, S%, L%)`, the two forms the theme
 * tokens and sonner's toast colours use. Colours outside sRGB are clipped into it, as browsers draw them.
 */

type Rgb = [number, number, number];

/** Linear-light sRGB of an OKLCH colour (Björn Ottosson's OKLab matrices). */
function oklchToLinearRgb(lightness: number, chroma: number, hue: number): Rgb {
  const a = chroma * Math.cos((hue * Math.PI) / 180);
  const b = chroma * Math.sin((hue * Math.PI) / 180);
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

function hslToLinearRgb(hue: number, saturation: number, lightness: number): Rgb {
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    const a = saturation * Math.min(lightness, 1 - lightness);
    return lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return [toLinear(f(0)), toLinear(f(8)), toLinear(f(4))];
}

function parse(colour: string): Rgb {
  const numbers = (colour.match(/-?\d*\.?\d+/g) ?? []).map(Number);
  const [x = 0, y = 0, z = 0] = numbers;
  if (colour.startsWith('oklch(')) return oklchToLinearRgb(x, y, z);
  if (colour.startsWith('hsl(')) return hslToLinearRgb(x, y / 100, z / 100);
  throw new Error(`Unsupported colour: ${colour}`);
}

function luminance(colour: string): number {
  const [r, g, b] = parse(colour).map((c) => Math.min(1, Math.max(0, c)));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

export function contrastRatio(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((p, q) => q - p);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}
