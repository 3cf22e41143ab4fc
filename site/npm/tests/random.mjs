// A small seeded generator, shared by the package's tests (through helpers.mjs) and its bench,
// which must not import helpers.mjs: that module checks on import that the CLI is built.

/** mulberry32: a seeded generator of numbers in [0, 1); the same seed gives the same run. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
