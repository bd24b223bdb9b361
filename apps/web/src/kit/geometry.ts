/** Points, slots and boxes in canvas CSS pixels: what every game's layout and the kit's parts share. */
export interface Pt {
  x: number;
  y: number;
}
export interface Slot extends Pt {
  rot: number;
}
/** An axis-aligned box: left, top, width, height. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
