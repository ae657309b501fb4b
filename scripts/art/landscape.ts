/**
 * Drawing primitives shared by the artwork scripts (scripts/make-artwork.ts,
 * scripts/make-sample-thumbnails.ts, scripts/make-article-covers.ts): a layered Piedmont
 * landscape in SVG, with pines, homes or a skyline, from a palette and a seed. Everything is
 * deterministic, so a redraw gives the same picture.
 */

export interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  hills: [string, string, string];
  accent: string;
}

export const palettes: Record<string, Palette> = {
  dawn: {
    skyTop: '#f6c6a8',
    skyBottom: '#fde9d9',
    sun: '#fff4e0',
    hills: ['#7c9a7e', '#4f6f58', '#2f4a3a'],
    accent: '#b4232a',
  },
  noon: {
    skyTop: '#8ec5e8',
    skyBottom: '#dff1fb',
    sun: '#fffbe6',
    hills: ['#8fb47f', '#5e8a5a', '#355c3c'],
    accent: '#14213d',
  },
  dusk: {
    skyTop: '#3b4a7a',
    skyBottom: '#f0a57c',
    sun: '#ffd7a3',
    hills: ['#59607f', '#3b4262', '#1f2540'],
    accent: '#f4d35e',
  },
  autumn: {
    skyTop: '#9fc3dd',
    skyBottom: '#f3ead7',
    sun: '#fff1cf',
    hills: ['#c99a57', '#a5683a', '#5b3b26'],
    accent: '#7a171c',
  },
  spring: {
    skyTop: '#b8dcf2',
    skyBottom: '#f2f8ee',
    sun: '#ffffff',
    hills: ['#a9d18e', '#6fa35a', '#3f6b3a'],
    accent: '#d1495b',
  },
  evening: {
    skyTop: '#1d2b53',
    skyBottom: '#7e5a9b',
    sun: '#ffcf99',
    hills: ['#40406a', '#2c2c4f', '#17172e'],
    accent: '#ffd166',
  },
};

/** Small deterministic random numbers so a redraw gives the same picture. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function hillPath(w: number, h: number, base: number, amp: number, r: () => number): string {
  const pts: string[] = [`M0 ${h}`, `L0 ${base}`];
  const steps = 6;
  for (let i = 1; i <= steps; i++) {
    const x = (w / steps) * i;
    const cx = x - w / steps / 2;
    const cy = base - amp * (0.4 + r());
    pts.push(`Q${cx.toFixed(0)} ${cy.toFixed(0)} ${x.toFixed(0)} ${(base - amp * 0.3 * r()).toFixed(0)}`);
  }
  pts.push(`L${w} ${h} Z`);
  return pts.join(' ');
}

export function pine(x: number, y: number, s: number, fill: string): string {
  return `<path d="M${x} ${y - 60 * s} L${x - 16 * s} ${y - 18 * s} L${x - 7 * s} ${y - 18 * s} L${x - 20 * s} ${y} L${x + 20 * s} ${y} L${x + 7 * s} ${y - 18 * s} L${x + 16 * s} ${y - 18 * s} Z" fill="${fill}"/><rect x="${x - 3 * s}" y="${y}" width="${6 * s}" height="${10 * s}" fill="${fill}"/>`;
}

export function house(x: number, y: number, s: number, wall: string, roof: string, win: string): string {
  return `<g><rect x="${x}" y="${y - 40 * s}" width="${70 * s}" height="${40 * s}" fill="${wall}"/><path d="M${x - 8 * s} ${y - 38 * s} L${x + 35 * s} ${y - 72 * s} L${x + 78 * s} ${y - 38 * s} Z" fill="${roof}"/><rect x="${x + 10 * s}" y="${y - 30 * s}" width="${14 * s}" height="${12 * s}" fill="${win}"/><rect x="${x + 46 * s}" y="${y - 30 * s}" width="${14 * s}" height="${12 * s}" fill="${win}"/><rect x="${x + 29 * s}" y="${y - 22 * s}" width="${12 * s}" height="${22 * s}" fill="${roof}"/></g>`;
}

export function skyline(w: number, base: number, fill: string, r: () => number): string {
  let out = '';
  let x = w * 0.3;
  while (x < w * 0.72) {
    const bw = 30 + r() * 50;
    const bh = 80 + r() * 220;
    out += `<rect x="${x.toFixed(0)}" y="${(base - bh).toFixed(0)}" width="${bw.toFixed(0)}" height="${bh.toFixed(0)}" fill="${fill}"/>`;
    x += bw + 4;
  }
  return out;
}

export type Scene = 'homes' | 'skyline' | 'pines' | 'lake' | 'portrait';

export function drawSvg(w: number, h: number, p: Palette, scene: Scene, seed: number): string {
  const r = rng(seed);
  const sunX = w * (0.2 + r() * 0.6);
  const sunY = h * (0.22 + r() * 0.12);
  let body = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient></defs>`;
  body += `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  body += `<circle cx="${sunX}" cy="${sunY}" r="${h * 0.09}" fill="${p.sun}" opacity="0.9"/>`;
  if (scene === 'skyline') body += skyline(w, h * 0.7, p.hills[2], r);
  body += `<path d="${hillPath(w, h, h * 0.62, h * 0.12, r)}" fill="${p.hills[0]}"/>`;
  if (scene === 'lake')
    body += `<rect x="0" y="${h * 0.7}" width="${w}" height="${h * 0.1}" fill="${p.skyTop}" opacity="0.7"/>`;
  body += `<path d="${hillPath(w, h, h * 0.76, h * 0.1, r)}" fill="${p.hills[1]}"/>`;
  const treeCount = scene === 'pines' ? 26 : 12;
  for (let i = 0; i < treeCount; i++) {
    body += pine(r() * w, h * (0.74 + r() * 0.1), 0.8 + r() * 1.4 * (h / 900), p.hills[2]);
  }
  if (scene === 'homes' || scene === 'lake') {
    const n = 3 + Math.floor(r() * 3);
    for (let i = 0; i < n; i++) {
      body += house(w * (0.1 + (0.8 * i) / n), h * 0.88, 1.2 + r() * 0.8 * (h / 900), '#f7f4ef', p.accent, '#ffe8a3');
    }
  }
  if (scene === 'portrait') {
    body += `<circle cx="${w / 2}" cy="${h * 0.4}" r="${w * 0.18}" fill="#e9c6a6"/>`;
    body += `<path d="M${w * 0.32} ${h * 0.34} Q${w / 2} ${h * 0.12} ${w * 0.68} ${h * 0.34} Q${w * 0.66} ${h * 0.24} ${w / 2} ${h * 0.21} Q${w * 0.34} ${h * 0.24} ${w * 0.32} ${h * 0.34} Z" fill="#3b2a20"/>`;
    body += `<path d="M${w * 0.12} ${h} Q${w * 0.14} ${h * 0.66} ${w / 2} ${h * 0.62} Q${w * 0.86} ${h * 0.66} ${w * 0.88} ${h} Z" fill="${p.accent}"/>`;
    body += `<path d="M${w * 0.43} ${h * 0.62} L${w / 2} ${h * 0.74} L${w * 0.57} ${h * 0.62} Z" fill="#ffffff"/>`;
  }
  body += `<path d="${hillPath(w, h, h * 0.93, h * 0.05, r)}" fill="${p.hills[2]}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}
