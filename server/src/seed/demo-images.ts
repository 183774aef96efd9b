import sharp from 'sharp';

/** The simple drawings the demo products' pictures are made of. */
export type DemoShape = 'mug' | 'pan' | 'bottle' | 'cloth' | 'phone' | 'earbuds' | 'laptop' | 'jar';

/** Side of a generated picture in pixels (stored as it is: smaller than the display size). */
const side = 480;

const drawings: Record<DemoShape, string> = {
  mug: '<rect x="140" y="150" width="170" height="200" rx="18" fill="#fff" opacity="0.92"/><path d="M310 195 h40 a45 45 0 0 1 0 110 h-40" fill="none" stroke="#fff" stroke-width="22" opacity="0.92"/>',
  pan: '<circle cx="210" cy="250" r="115" fill="#fff" opacity="0.9"/><circle cx="210" cy="250" r="85" fill="#000" opacity="0.18"/><rect x="310" y="232" width="140" height="36" rx="18" fill="#fff" opacity="0.9"/>',
  bottle:
    '<rect x="195" y="80" width="90" height="50" rx="8" fill="#fff" opacity="0.95"/><rect x="160" y="130" width="160" height="260" rx="36" fill="#fff" opacity="0.85"/><rect x="180" y="220" width="120" height="80" rx="10" fill="#000" opacity="0.15"/>',
  cloth:
    '<rect x="110" y="120" width="260" height="240" rx="12" fill="#fff" opacity="0.85" transform="rotate(-8 240 240)"/><rect x="140" y="150" width="260" height="240" rx="12" fill="#fff" opacity="0.6" transform="rotate(6 240 240)"/>',
  phone:
    '<rect x="160" y="70" width="160" height="340" rx="28" fill="#fff" opacity="0.95"/><rect x="176" y="100" width="128" height="260" rx="8" fill="#000" opacity="0.2"/><circle cx="240" cy="385" r="11" fill="#000" opacity="0.25"/>',
  earbuds:
    '<circle cx="180" cy="200" r="60" fill="#fff" opacity="0.92"/><rect x="165" y="240" width="30" height="130" rx="15" fill="#fff" opacity="0.92"/><circle cx="310" cy="220" r="60" fill="#fff" opacity="0.8"/><rect x="295" y="260" width="30" height="130" rx="15" fill="#fff" opacity="0.8"/>',
  laptop:
    '<rect x="110" y="110" width="260" height="180" rx="14" fill="#fff" opacity="0.95"/><rect x="126" y="126" width="228" height="148" rx="6" fill="#000" opacity="0.2"/><path d="M70 310 h340 l-30 50 h-280 z" fill="#fff" opacity="0.85"/>',
  jar: '<rect x="150" y="110" width="180" height="44" rx="10" fill="#fff" opacity="0.95"/><rect x="135" y="154" width="210" height="230" rx="40" fill="#fff" opacity="0.75"/>',
};

/**
 * A small picture for a demo product, drawn here (nothing downloaded): a diagonal gradient of the
 * given hue behind a white drawing of the product's kind, kept to the middle so that a wide card's
 * crop still shows it. `variant` shifts the colours, so a
 * product's gallery pictures differ from its thumbnail.
 */
export function demoPicture(shape: DemoShape, hue: number, variant = 0): Promise<Buffer> {
  return sharp(Buffer.from(demoDrawing(shape, hue, variant)))
    .png()
    .toBuffer();
}

/** The SVG text of a demo picture (see {@link demoPicture}). */
export function demoDrawing(shape: DemoShape, hue: number, variant = 0): string {
  const from = `hsl(${(hue + variant * 35) % 360}, 70%, ${58 - variant * 8}%)`;
  const to = `hsl(${(hue + 40 + variant * 35) % 360}, 75%, ${38 - variant * 6}%)`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 ${side} ${side}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${side}" height="${side}" fill="url(#g)"/>
  <circle cx="${380 - variant * 60}" cy="${90 + variant * 40}" r="${50 + variant * 10}" fill="#fff" opacity="0.12"/>
  <g transform="translate(240 240) scale(0.75) translate(-240 -240)">${drawings[shape]}</g>
</svg>`;
  return svg;
}
