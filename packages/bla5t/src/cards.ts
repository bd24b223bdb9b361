/** Card ids, values and decks (X1.1-X1.3, XN1, XN2). */
export type Card = string;

export const BASIC_HEROES: readonly Card[] = ['h:jayce', 'h:apo', 'h:helmut', 'h:herman'];
export const BASIC_BOSSES: readonly Card[] = ['b:gordon', 'b:futura'];
/** X12.7: the heroes a host may pick from (Lola and Leo count as one pair). */
export const ALL_HEROES: readonly Card[] = [
  'h:jayce',
  'h:apo',
  'h:helmut',
  'h:herman',
  'h:daisy',
  'h:carol',
  'h:stephania',
  'h:jimbo',
  'h:enzo',
  'h:lola',
  'h:leo',
];
export const ALL_BOSSES: readonly Card[] = ['b:gordon', 'b:futura', 'b:fawkes', 'b:maga'];
export const HYPERION: Card = 'b:hyperion';

/** X1.1: four of each monster; the 6 as two 6-Swap (`m6sa`, `m6sb`) and two 6-Shuffle (`m6ha`, `m6hb`). */
export function monsters(max: number): Card[] {
  const out: Card[] = [];
  for (let v = 1; v <= max; v++) {
    if (v === 6) out.push('m6sa', 'm6sb', 'm6ha', 'm6hb');
    else for (const c of 'abcd') out.push(`m${v}${c}`);
  }
  return out;
}

export const isHero = (c: Card): boolean => c.startsWith('h:');
export const isBoss = (c: Card): boolean => c.startsWith('b:');

/** XN2: monsters their number, heroes 0 (Lola and Leo −1), bosses 14, Hyperion 15. */
export function cardValue(c: Card): number {
  if (c === 'h:lola' || c === 'h:leo') return -1;
  if (isHero(c)) return 0;
  if (c === HYPERION) return 15;
  if (isBoss(c)) return 14;
  const m = /^m(\d+)/.exec(c);
  return m ? Number(m[1]) : 0;
}

export type PowerKind =
  | 'swap6'
  | 'shuffle6'
  | 'look7'
  | 'peek8'
  | 'look9'
  | 'peek10'
  | 'swap11'
  | 'peek12'
  | 'flip13'
  | 'jayce'
  | 'apo'
  | 'daisy'
  | 'carol'
  | 'stephania';

/** The power a card uses when freshly drawn and discarded (X5, X6.1, X12.5); held heroes and bosses have none. */
export function powerOf(c: Card): PowerKind | null {
  if (c === 'm6sa' || c === 'm6sb') return 'swap6';
  if (c === 'm6ha' || c === 'm6hb') return 'shuffle6';
  const table: Record<string, PowerKind> = {
    'h:jayce': 'jayce',
    'h:apo': 'apo',
    'h:daisy': 'daisy',
    'h:carol': 'carol',
    'h:stephania': 'stephania',
  };
  if (table[c]) return table[c];
  if (!c.startsWith('m')) return null;
  switch (cardValue(c)) {
    case 7:
      return 'look7';
    case 8:
      return 'peek8';
    case 9:
      return 'look9';
    case 10:
      return 'peek10';
    case 11:
      return 'swap11';
    case 12:
      return 'peek12';
    case 13:
      return 'flip13';
    default:
      return null;
  }
}

/** Every card id the package knows, for validating decks and the hero and boss set. */
export const ALL_CARDS: ReadonlySet<Card> = new Set([...monsters(13), ...ALL_HEROES, ...ALL_BOSSES, HYPERION]);
