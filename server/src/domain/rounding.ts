/** Rounds half up to `decimals` places, first clearing binary noise such as 28.999999999999996 (→ 29). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  // 12 significant digits is far beyond any measurement here and far above the ~1e-15 float noise.
  const scaled = Number((value * factor).toPrecision(12));
  return Math.round(scaled) / factor;
}
