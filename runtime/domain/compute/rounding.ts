/** Rounds a score or percentage to one decimal place (half away from zero), the precision of every published score. */
export function round1(value: number): number {
  return (Math.sign(value) * Math.round(Math.abs(value) * 10 + Number.EPSILON)) / 10;
}
