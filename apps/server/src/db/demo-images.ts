import { PNG } from 'pngjs';

/**
 * Pictures for demo opportunities, drawn here so the demo needs no downloads: a diagonal gradient
 * in one of a few palettes with soft circles, different for each seed.
 */
const PALETTES: Array<[number[], number[], number[]]> = [
  [[20, 60, 120], [60, 170, 200], [255, 255, 255]],
  [[40, 90, 60], [150, 200, 120], [250, 245, 220]],
  [[90, 40, 110], [230, 120, 140], [255, 235, 240]],
  [[30, 30, 50], [240, 160, 60], [255, 240, 210]],
  [[10, 80, 90], [120, 210, 190], [235, 255, 250]],
];

function random(seed: number) {
  let state = seed * 2654435761 >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

export function demoPicture(seed: number, width = 960, height = 540): Buffer {
  const [from, to, light] = PALETTES[seed % PALETTES.length];
  const next = random(seed + 1);
  const circles = Array.from({ length: 6 }, () => ({ x: next() * width, y: next() * height, r: 40 + next() * 180, a: 0.08 + next() * 0.18 }));
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const rgb = from.map((c, i) => c + (to[i] - c) * t);
      for (const circle of circles) {
        const d = Math.hypot(x - circle.x, y - circle.y);
        if (d < circle.r) {
          const alpha = circle.a * (1 - d / circle.r);
          for (let i = 0; i < 3; i++) rgb[i] = rgb[i] * (1 - alpha) + light[i] * alpha;
        }
      }
      const at = (y * width + x) * 4;
      png.data[at] = rgb[0];
      png.data[at + 1] = rgb[1];
      png.data[at + 2] = rgb[2];
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}
