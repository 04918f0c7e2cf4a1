/**
 * A map or destination without an uploaded cover gets generated art: a
 * gradient and contour lines derived from its id, so each card is distinct
 * and stable across renders.
 */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function CoverArt({ seed, label, className = "" }: { seed: string; label?: string; className?: string }) {
  const h = hash(seed);
  const hue = h % 360;
  const hue2 = (hue + 40 + ((h >> 9) % 60)) % 360;
  const rings = [0, 1, 2, 3, 4].map((i) => 30 + i * 22 + ((h >> (i * 3)) % 12));
  const cx = 40 + ((h >> 4) % 160);
  const cy = 40 + ((h >> 12) % 70);
  return (
    <svg
      viewBox="0 0 240 135"
      preserveAspectRatio="xMidYMid slice"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={className}
    >
      <defs>
        <linearGradient id={`g${h}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 55% 52%)`} />
          <stop offset="1" stopColor={`hsl(${hue2} 60% 38%)`} />
        </linearGradient>
      </defs>
      <rect width="240" height="135" fill={`url(#g${h})`} />
      {rings.map((r, i) => (
        <ellipse key={i} cx={cx} cy={cy} rx={r * 1.3} ry={r} fill="none" stroke="white" strokeOpacity={0.18} strokeWidth={1.5} />
      ))}
      <path d={`M${cx} ${cy - 14}c-6 0-10 4.5-10 10 0 7.5 10 18 10 18s10-10.5 10-18c0-5.5-4-10-10-10z`} fill="white" fillOpacity={0.9} />
      <circle cx={cx} cy={cy - 4} r={3.5} fill={`hsl(${hue} 55% 45%)`} />
    </svg>
  );
}
