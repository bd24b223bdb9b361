/** One seat in a few words: its cards, its role this battle, its place once out, its team. */
import type { View } from '@blaze/durak';
import { dt } from './words.js';

/** `mine`: the seat whose hand is shown, named on its line; "(you)" unless a replay follows it. */
export function seatLine(v: View, seat: number, names: string[], mine: boolean, followed = false): string {
  const parts: string[] = [];
  if (mine) {
    // A learner left unnamed is called "You" already: not "You (you)".
    const name = names[seat] ?? '';
    const you = dt('seat.you');
    parts.push(followed || name.toLowerCase() === you.toLowerCase() ? name : `${name} (${you})`);
  }
  const place = v.places.findIndex((g) => g.includes(seat));
  if (place >= 0) parts.push(dt('seat.out', { n: place + 1 }));
  else parts.push(dt('seat.cards', { n: v.handCounts[seat] ?? 0 }));
  if (!v.over && place < 0) {
    if (seat === v.attacker) parts.push(`⚔ ${dt('seat.attacks')}`);
    else if (seat === v.defender) parts.push(dt('seat.defends'));
    if (seat === v.ambusher) parts.push(dt('seat.ambushes'));
  }
  const team = v.teams.findIndex((t) => t.includes(seat));
  if (team >= 0) parts.push(dt('seat.team', { t: team === 0 ? 'A' : 'B' }));
  return parts.join(' · ');
}

/** The seat's role, for the explainer. */
export function roleKey(
  v: View,
  seat: number,
): 'role.attacker' | 'role.defender' | 'role.ambusher' | 'role.out' | 'role.none' {
  if (v.out.includes(seat)) return 'role.out';
  if (seat === v.ambusher) return 'role.ambusher';
  if (seat === v.attacker) return 'role.attacker';
  if (seat === v.defender) return 'role.defender';
  return 'role.none';
}
