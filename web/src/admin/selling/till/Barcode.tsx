import { code128Bars } from './code128.ts';

/** A Code 128 barcode as SVG, with quiet zones of 10 modules and the text under it. */
export function Barcode({ value, height = 40, label }: { value: string; height?: number; label?: string }) {
  const { bars, modules } = code128Bars(value);
  const quiet = 10;
  const width = modules + 2 * quiet;
  return (
    <figure className="receipt-barcode" style={{ margin: 0, textAlign: 'center' }}>
      <svg
        role="img"
        aria-label={label ?? `Barcode ${value}`}
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        style={{ width: '100%', maxWidth: width * 2, height }}
        shapeRendering="crispEdges"
      >
        <rect x={0} y={0} width={width} height={height} fill="#fff" />
        {bars.map(([x, w]) => (
          <rect key={x} x={x + quiet} y={0} width={w} height={height} fill="#000" />
        ))}
      </svg>
      <figcaption style={{ fontFamily: 'monospace', fontSize: 11 }}>{value}</figcaption>
    </figure>
  );
}
