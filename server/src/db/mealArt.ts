/**
 * Illustrated cards for the seeded meals, drawn from SVG with sharp at seed time: nothing is fetched and no binary
 * is shipped. Each card is laid out from the meal's name (a seeded random), its group's motif and its palette, so
 * the same recipe always gets the same picture. No text is drawn: fonts differ between machines.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

export type ArtMotif = 'glass' | 'plate' | 'bowl' | 'dessert';

export interface ArtSpec {
  name: string;
  motif: ArtMotif;
  /** Background and accent colours. */
  palette: [string, string];
}

const WIDTH = 800;
const HEIGHT = 600;

/** mulberry32: a small deterministic generator, seeded from the name. */
function randomFrom(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A colour moved towards black (amount < 0) or white (amount > 0). */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const channel = (c: number) => Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(channel);
  return `#${[r, g, b].map((c) => c!.toString(16).padStart(2, '0')).join('')}`;
}

const GREENS = ['#5a9e4b', '#7cb518', '#3d7a3a', '#9bc53d'];
const FOODS = ['#e9c46a', '#f4a261', '#e76f51', '#d62828', '#fcbf49', '#8d5524', '#c9ada7', '#f2e8cf'];

function leaves(rand: () => number, cx: number, cy: number, spread: number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = cx + (rand() - 0.5) * spread;
    const y = cy + (rand() - 0.5) * spread;
    const rot = Math.round(rand() * 180);
    const colour = GREENS[Math.floor(rand() * GREENS.length)];
    out += `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${(22 + rand() * 18).toFixed(1)}" ry="${(9 + rand() * 6).toFixed(1)}" fill="${colour}" transform="rotate(${rot} ${x.toFixed(1)} ${y.toFixed(1)})"/>`;
  }
  return out;
}

function pieces(rand: () => number, cx: number, cy: number, spread: number, count: number, accent: string): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = cx + (rand() - 0.5) * spread;
    const y = cy + (rand() - 0.5) * spread;
    const colour = rand() < 0.4 ? accent : FOODS[Math.floor(rand() * FOODS.length)];
    out += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(9 + rand() * 16).toFixed(1)}" fill="${colour}" stroke="${shade(colour!, -0.25)}" stroke-width="2"/>`;
  }
  return out;
}

function plate(rand: () => number, accent: string): string {
  const grain = `<ellipse cx="330" cy="300" rx="95" ry="80" fill="${shade(accent, 0.55)}" stroke="${shade(accent, 0.2)}" stroke-width="3"/>`;
  const main = `<path d="M420 230 q90 -20 110 60 q10 80 -80 90 q-80 0 -70 -80 z" fill="${accent}" stroke="${shade(accent, -0.3)}" stroke-width="3"/>`;
  return `
    <circle cx="400" cy="310" r="215" fill="#000" opacity="0.18"/>
    <circle cx="400" cy="300" r="210" fill="#fbfaf7"/>
    <circle cx="400" cy="300" r="165" fill="#f1efe9"/>
    ${grain}${main}${leaves(rand, 390, 380, 170, 9)}${pieces(rand, 360, 310, 200, 7, accent)}
    <rect x="100" y="140" width="16" height="320" rx="8" fill="#d9d9d9"/>
    <rect x="684" y="140" width="16" height="320" rx="8" fill="#d9d9d9"/>
    <path d="M684 140 q40 60 0 140 z" fill="#d9d9d9"/>`;
}

function bowl(rand: () => number, accent: string): string {
  return `
    <circle cx="400" cy="312" r="220" fill="#000" opacity="0.18"/>
    <circle cx="400" cy="300" r="215" fill="${shade(accent, 0.75)}"/>
    <circle cx="400" cy="300" r="185" fill="#f7f5ef"/>
    ${leaves(rand, 400, 300, 270, 26)}${pieces(rand, 400, 300, 240, 12, accent)}`;
}

function dessert(rand: () => number, accent: string): string {
  let berries = '';
  for (let i = 0; i < 9; i++) {
    const x = 300 + rand() * 200;
    const y = 190 + rand() * 40;
    berries += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(12 + rand() * 8).toFixed(1)}" fill="${rand() < 0.5 ? '#6a1b4d' : '#c1121f'}"/>`;
  }
  return `
    <ellipse cx="400" cy="520" rx="170" ry="22" fill="#000" opacity="0.2"/>
    <path d="M250 200 h300 l-40 260 q-110 40 -220 0 z" fill="#ffffff" opacity="0.55" stroke="#ffffff" stroke-width="4"/>
    <path d="M262 260 h276 l-10 70 h-256 z" fill="${accent}"/>
    <path d="M272 330 h256 l-12 70 h-232 z" fill="#f8f1e5"/>
    <path d="M284 400 h232 l-8 50 q-108 34 -216 0 z" fill="${shade(accent, -0.35)}"/>
    <ellipse cx="400" cy="205" rx="150" ry="26" fill="#fffaf0"/>${berries}
    ${leaves(rand, 430, 180, 40, 2)}`;
}

function glass(rand: () => number, accent: string): string {
  let bubbles = '';
  for (let i = 0; i < 12; i++) {
    bubbles += `<circle cx="${(320 + rand() * 160).toFixed(1)}" cy="${(250 + rand() * 220).toFixed(1)}" r="${(3 + rand() * 6).toFixed(1)}" fill="#ffffff" opacity="0.5"/>`;
  }
  return `
    <ellipse cx="400" cy="530" rx="150" ry="20" fill="#000" opacity="0.2"/>
    <path d="M290 120 h220 l-30 400 h-160 z" fill="#ffffff" opacity="0.35" stroke="#ffffff" stroke-width="5"/>
    <path d="M298 220 h204 l-23 296 h-158 z" fill="${accent}" opacity="0.9"/>${bubbles}
    <circle cx="505" cy="150" r="58" fill="#f6e27f" stroke="#e0c341" stroke-width="8"/>
    <path d="M505 150 l0 -50 M505 150 l43 25 M505 150 l-43 25 M505 150 l0 50 M505 150 l43 -25 M505 150 l-43 -25" stroke="#e0c341" stroke-width="3"/>
    ${leaves(rand, 330, 130, 30, 2)}`;
}

const MOTIFS: Record<ArtMotif, (rand: () => number, accent: string) => string> = { plate, bowl, dessert, glass };

/** The card's SVG source. */
function mealArtSvg(spec: ArtSpec): string {
  const rand = randomFrom(spec.name);
  const [background, accent] = spec.palette;
  let dots = '';
  for (let i = 0; i < 40; i++) {
    dots += `<circle cx="${(rand() * WIDTH).toFixed(0)}" cy="${(rand() * HEIGHT).toFixed(0)}" r="${(2 + rand() * 5).toFixed(1)}" fill="#ffffff" opacity="0.12"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(background, 0.15)}"/><stop offset="1" stop-color="${shade(background, -0.35)}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>${dots}
  ${MOTIFS[spec.motif](rand, accent)}
</svg>`;
}

/** The card as a JPEG, with a file name derived from its content so a changed drawing gets a new file. */
export async function mealArt(spec: ArtSpec): Promise<{ data: Buffer; width: number; height: number; name: string }> {
  const svg = mealArtSvg(spec);
  const data = await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  return {
    data,
    width: WIDTH,
    height: HEIGHT,
    name: `seed-meal-${createHash('sha256').update(svg).digest('hex').slice(0, 16)}.jpg`,
  };
}
