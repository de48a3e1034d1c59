import { PNG } from 'pngjs';

/**
 * Pictures for demo opportunities, drawn here so the demo needs no downloads: a diagonal gradient
 * in one of a few palettes with soft circles, different for each seed.
 */
const PALETTES: Array<[number[], number[], number[]]> = [
  [
    [20, 60, 120],
    [60, 170, 200],
    [255, 255, 255],
  ],
  [
    [40, 90, 60],
    [150, 200, 120],
    [250, 245, 220],
  ],
  [
    [90, 40, 110],
    [230, 120, 140],
    [255, 235, 240],
  ],
  [
    [30, 30, 50],
    [240, 160, 60],
    [255, 240, 210],
  ],
  [
    [10, 80, 90],
    [120, 210, 190],
    [235, 255, 250],
  ],
];

function random(seed: number) {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

export function demoPicture(seed: number, width = 800, height = 450): Buffer {
  const [from, to, light] = PALETTES[seed % PALETTES.length];
  const next = random(seed + 1);
  const png = new PNG({ width, height });
  const { data } = png;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const at = (y * width + x) * 4;
      for (let i = 0; i < 3; i++) data[at + i] = from[i] + (to[i] - from[i]) * t;
      data[at + 3] = 255;
    }
  }
  // Soft circles, each blended over its own bounding box only.
  for (let c = 0; c < 6; c++) {
    const [cx, cy, r, a] = [next() * width, next() * height, 40 + next() * 160, 0.08 + next() * 0.18];
    for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(height, Math.ceil(cy + r)); y++) {
      for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(width, Math.ceil(cx + r)); x++) {
        const d = Math.hypot(x - cx, y - cy);
        if (d >= r) continue;
        const alpha = a * (1 - d / r);
        const at = (y * width + x) * 4;
        for (let i = 0; i < 3; i++) data[at + i] = data[at + i] * (1 - alpha) + light[i] * alpha;
      }
    }
  }
  return PNG.sync.write(png, { deflateLevel: 1, filterType: 1 });
}
