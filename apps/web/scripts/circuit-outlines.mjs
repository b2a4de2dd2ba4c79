#!/usr/bin/env node
/*
 * Draws the race page's circuit outlines from the f1-circuits GeoJSON collection (MIT, kept with its
 * licence in data/f1-circuits/): one small SVG per circuit in public/circuits/, named by F1DB's circuit
 * id, and src/features/races/circuit-outlines.json, the lap length in km of the layout each one draws.
 *
 *   node apps/web/scripts/circuit-outlines.mjs <F1DB data directory>
 *
 * Run it again when the collection is updated. An outline is matched to the F1DB layout whose lap
 * length is within 1% of the collection's own figure, and carries that layout's length: a race whose
 * course length (F1DB's too) is the same ran on the layout drawn (decision 026). An outline F1DB has no
 * layout for keeps the collection's figure, which no race's length equals.
 */
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const f1dbData = process.argv[2];
if (!f1dbData) {
  console.error('usage: node apps/web/scripts/circuit-outlines.mjs <F1DB data directory>');
  process.exit(2);
}

const web = path.resolve(import.meta.dirname, '..');
const svgDir = path.join(web, 'public/circuits');

/** The collection's ids (country and year opened) to F1DB's circuit ids. */
const F1DB_IDS = {
  'ae-2009': 'yas-marina',
  'ar-1952': 'buenos-aires',
  'at-1969': 'spielberg',
  'au-1953': 'melbourne',
  'az-2016': 'baku',
  'be-1925': 'spa-francorchamps',
  'bh-2002': 'bahrain',
  'br-1940': 'interlagos',
  'br-1977': 'jacarepagua',
  'ca-1978': 'montreal',
  'cn-2004': 'shanghai',
  'de-1927': 'nurburgring',
  'de-1932': 'hockenheimring',
  'es-1991': 'catalunya',
  'es-2026': 'madring',
  'fr-1960': 'magny-cours',
  'fr-1969': 'paul-ricard',
  'gb-1948': 'silverstone',
  'hu-1986': 'hungaroring',
  'it-1914': 'mugello',
  'it-1922': 'monza',
  'it-1953': 'imola',
  'jp-1962': 'suzuka',
  'mc-1929': 'monaco',
  'mx-1962': 'mexico-city',
  'my-1999': 'sepang',
  'nl-1948': 'zandvoort',
  'pt-1972': 'estoril',
  'pt-2008': 'portimao',
  'qa-2004': 'lusail',
  'ru-2014': 'sochi',
  'sa-2021': 'jeddah',
  'sg-2008': 'marina-bay',
  'tr-2005': 'istanbul',
  'us-1909': 'indianapolis',
  'us-1956': 'watkins-glen',
  'us-2012': 'austin',
  'us-2022': 'miami',
  'us-2023': 'las-vegas',
  'za-1961': 'kyalami',
};

/** The drawing: the longer side spans SIZE units, inside a margin that keeps the stroke's round ends whole. */
const SIZE = 1000;
const MARGIN = 30;
const STROKE = 22;

const collection = JSON.parse(readFileSync(path.join(web, 'data/f1-circuits/f1-circuits.geojson'), 'utf8'));
for (const file of readdirSync(svgDir)) if (file.endsWith('.svg')) rmSync(path.join(svgDir, file));

const outlines = {};
for (const feature of collection.features) {
  const { id, Name: name, length: metres } = feature.properties;
  const circuitId = F1DB_IDS[id];
  if (!circuitId) throw new Error(`${id} (${name}) has no F1DB circuit id in F1DB_IDS`);
  const circuit = parse(readFileSync(path.join(f1dbData, 'circuits', `${circuitId}.yml`), 'utf8'));
  const km = metres / 1000;
  const layout = (circuit.layouts ?? [])
    .map((candidate) => ({ id: candidate.id, km: candidate.length }))
    .filter((candidate) => Math.abs(candidate.km - km) / km <= 0.01)
    .sort((a, b) => Math.abs(a.km - km) - Math.abs(b.km - km))[0];

  const { d, width, height } = drawLine(feature.geometry.coordinates);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<path d="${d}" fill="none" stroke="#27272a" stroke-width="${STROKE}" stroke-linejoin="round" stroke-linecap="round"/>` +
    `</svg>\n`;
  writeFileSync(path.join(svgDir, `${circuitId}.svg`), svg);
  outlines[circuitId] = layout?.km ?? km;
  console.log(`${circuitId}: ${name}, ${km} km → ${layout ? `${layout.id} (${layout.km} km)` : 'no F1DB layout'}`);
}

const sorted = Object.fromEntries(Object.entries(outlines).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(path.join(web, 'src/features/races/circuit-outlines.json'), `${JSON.stringify(sorted, null, 2)}\n`);

/** Projects [longitude, latitude] points onto a plane (equirectangular at the track's mean latitude) and fits them in the drawing. */
function drawLine(coordinates) {
  const meanLat = coordinates.reduce((sum, [, lat]) => sum + lat, 0) / coordinates.length;
  const scaleX = Math.cos((meanLat * Math.PI) / 180);
  const points = coordinates.map(([lon, lat]) => [lon * scaleX, -lat]);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
  const span = Math.max(Math.max(...xs) - minX, Math.max(...ys) - minY);
  const scale = (SIZE - 2 * MARGIN) / span;
  const at = ([x, y]) => [MARGIN + (x - minX) * scale, MARGIN + (y - minY) * scale].map((n) => Math.round(n));
  const drawn = points.map(at);
  const width = Math.max(...drawn.map(([x]) => x)) + MARGIN;
  const height = Math.max(...drawn.map(([, y]) => y)) + MARGIN;
  const d = drawn.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x} ${y}`).join('') + 'Z';
  return { d, width, height };
}
