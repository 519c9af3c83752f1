/**
 * The cover shown for a book without one: a plain binding in the app's violet with a lattice of
 * eight-pointed stars, a framed central medallion and no text (titles are shown beside covers, in
 * the reader's language). 2:3, drawn at 400 × 600 and scaled by sharp to the size asked for.
 */
export const DEFAULT_COVER_WIDTH = 400;
export const DEFAULT_COVER_HEIGHT = 600;

/** An eight-pointed star (two squares turned 45° apart) of outer radius r centred on (cx, cy). */
function star(cx: number, cy: number, r: number): string {
  const points: string[] = [];
  for (let i = 0; i < 16; i++) {
    const angle = (Math.PI / 8) * i - Math.PI / 2;
    const radius = i % 2 === 0 ? r : r * 0.7654; // cos(45°) / cos(22.5°): the squares' crossing points
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(' ');
}

export const DEFAULT_COVER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${DEFAULT_COVER_WIDTH}" height="${DEFAULT_COVER_HEIGHT}" viewBox="0 0 400 600">
  <defs>
    <linearGradient id="binding" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#3b1a78"/>
      <stop offset="1" stop-color="#6d28d9"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#ede5fb" stop-opacity="0.28"/>
      <stop offset="1" stop-color="#ede5fb" stop-opacity="0"/>
    </radialGradient>
    <pattern id="lattice" width="50" height="50" patternUnits="userSpaceOnUse" x="0" y="0">
      <polygon points="${star(25, 25, 16)}" fill="none" stroke="#c9b3f5" stroke-opacity="0.35" stroke-width="1.2"/>
      <path d="M0 0 L9 0 L0 9 Z M50 0 L41 0 L50 9 Z M0 50 L9 50 L0 41 Z M50 50 L41 50 L50 41 Z" fill="#c9b3f5" fill-opacity="0.18"/>
      <circle cx="25" cy="25" r="3" fill="#d8c27a" fill-opacity="0.45"/>
    </pattern>
  </defs>
  <rect width="400" height="600" fill="url(#binding)"/>
  <rect width="400" height="600" fill="url(#lattice)"/>
  <rect x="18" y="18" width="364" height="564" rx="6" fill="none" stroke="#d8c27a" stroke-opacity="0.7" stroke-width="2"/>
  <rect x="28" y="28" width="344" height="544" rx="4" fill="none" stroke="#d8c27a" stroke-opacity="0.35" stroke-width="1"/>
  <circle cx="200" cy="300" r="130" fill="url(#glow)"/>
  <circle cx="200" cy="300" r="96" fill="#2e1462" fill-opacity="0.85" stroke="#d8c27a" stroke-opacity="0.8" stroke-width="2"/>
  <polygon points="${star(200, 300, 86)}" fill="none" stroke="#d8c27a" stroke-width="2.2"/>
  <polygon points="${star(200, 300, 58)}" fill="#6d28d9" fill-opacity="0.55" stroke="#ede5fb" stroke-opacity="0.7" stroke-width="1.4"/>
  <polygon points="${star(200, 300, 24)}" fill="#d8c27a" fill-opacity="0.85"/>
</svg>`;
