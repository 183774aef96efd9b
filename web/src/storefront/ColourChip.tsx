import './shop.css';

/** Dark text on light colours, white on dark ones (relative luminance of a #rrggbb code). */
function textOn(code: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(code);
  if (!match) return '#222';
  const [r, g, b] = match.slice(1).map((hex) => {
    const c = Number.parseInt(hex, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.179 ? '#222' : '#fff';
}

/** A colour's name on its own colour, with a border so that white (or any pale colour) stays readable. Plain markup: it is on the home page. */
export function ColourChip({ name, code }: { name: string; code: string }) {
  return (
    <span className="shop-tag" style={{ background: code, color: textOn(code), borderColor: '#bfbfbf' }} data-testid="colour-chip">
      {name}
    </span>
  );
}
