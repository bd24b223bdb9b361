/**
 * The words the games share, one choice per language. Every game's words (shell and games/<id>/i18n)
 * use `use` and never a pattern in `avoid`; apps/web/test/glossary.test.ts holds them to it, so a
 * player meets one name for one thing on every page and in every game.
 *
 * German follows the Blaze rulebook (Herausforderung, Trumpf, Nachziehstapel, Ablagestapel, Feder,
 * Wette, Feuervogel, aktiver Spieler) where the table uses the rulebook's idea. Three words are the
 * table's own, short enough for a phone's role pill: "Ziel" (the rulebook's "Zielspieler"), "Helfer"
 * ("Unterstützer") and "abwehren" ("ablehnen", which the buttons and hints have said from the start). `use` is a pattern too (a stem, or
 * alternatives a term is allowed to take, such as the short "Ablage" on the table).
 */
export type GlossaryLang = 'en' | 'de' | 'ja';

export interface GlossaryWord {
  /** The chosen word, as a regular expression source (case-insensitive for Latin script). */
  readonly use: string;
  /** Synonyms that must not appear, as regular expression sources. */
  readonly avoid: readonly string[];
}

export type GlossaryTerm = Readonly<Record<GlossaryLang, GlossaryWord>>;

const w = (use: string, ...avoid: string[]): GlossaryWord => ({ use, avoid });

export const GLOSSARY = {
  challenge: {
    en: w('challeng', '\\battack'),
    de: w('herausforder', 'angriff', 'attacke'),
    ja: w('チャレンジ', '場の攻撃', 'アタック'),
  },
  activePlayer: {
    en: w('active player', '\\battacker'),
    de: w('aktive[rn]? Spieler', 'angreifer'),
    ja: w('攻撃側', 'アクティブ'),
  },
  target: {
    en: w('target', '\\bdefender'),
    de: w('\\bZiel', 'verteidiger'),
    ja: w('防御側', '守備側', '防御(?!側)'),
  },
  supporter: {
    en: w('supporter', '\\bhelper\\b'),
    // The rulebook's "Unterstützer" was cut to "Unterstüt…" in a 360 px phone's role pill: "Helfer".
    de: w('helfer', 'unterstützer'),
    ja: w('援護', 'サポーター'),
  },
  reject: {
    en: w('reject', '\\bdefends?\\b', '\\bbeats? off\\b'),
    de: w('abwehr|abgewehrt|wehr', 'deck\\b.*\\bab\\b', 'abgedeckt'),
    ja: w('返', '防[ぐがぎげご]', '防御(?!側)'),
  },
  trump: { en: w('trump'), de: w('trumpf'), ja: w('切り札', 'トランプ') },
  hand: { en: w('\\bhand\\b'), de: w('\\bhand\\b'), ja: w('手札') },
  deck: { en: w('\\bdeck\\b', 'draw pile', 'stock'), de: w('stapel', 'talon'), ja: w('山札', 'デッキ') },
  discard: { en: w('discard'), de: w('ablage', 'abwurf'), ja: w('捨て札', '捨て山') },
  seat: { en: w('\\bseat'), de: w('platz', 'sitzplatz'), ja: w('席', 'シート') },
  round: { en: w('\\bround\\b'), de: w('runde'), ja: w('ラウンド', '回戦') },
  turn: { en: w('\\bturn\\b'), de: w('\\bzug\\b|\\bdran\\b'), ja: w('番', 'ターン') },
  bot: {
    en: w('\\bbots?\\b', '\\bcomputer\\b', '\\bAI\\b'),
    de: w('\\bbots?\\b', 'computer'),
    ja: w('ボット', 'コンピュータ', 'CPU'),
  },
  spectator: { en: w('watch|spectat'), de: w('zuschau|schaust zu', 'beobachter'), ja: w('観戦', '見学') },
  pass: { en: w('\\bpass'), de: w('pass'), ja: w('パス') },
  take: { en: w('\\btak(e|es|ing)\\b'), de: w('nimm|nehm|nimmt'), ja: w('引き取', '受け取') },
  feather: { en: w('feather'), de: w('feder', '\\bfeather'), ja: w('羽', 'フェザー', '羽根') },
  bet: { en: w('\\bbet'), de: w('wett', '\\beinsatz'), ja: w('賭け', 'ベット') },
  firebird: { en: w('firebird'), de: w('feuervogel|feuervögel', 'phönix'), ja: w('火の鳥', 'ファイアバード') },
  limit: { en: w('limit'), de: w('limit', 'obergrenze'), ja: w('上限', 'リミット') },
  suit: { en: w('suit|colou?r'), de: w('farbe'), ja: w('色', 'スート') },
} as const satisfies Record<string, GlossaryTerm>;

export type GlossaryKey = keyof typeof GLOSSARY;

/** The pattern for a glossary word: Latin-script words match in any case. */
export function glossaryPattern(source: string): RegExp {
  return new RegExp(source, 'iu');
}
