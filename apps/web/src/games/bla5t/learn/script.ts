/**
 * The guided first round, step by step: what the learner is asked to do and the words that say it,
 * in English, German and Japanese (our own wording of BLA5T.md). Every claim a step makes about the
 * table is checked at that step by tests/browser/bla5tLearn.test.ts; the table is dealt by deck.ts.
 */
import type { Where } from '@blaze/bla5t';
import { format, lang, type Params } from '../../../shell/host.js';

/** The move a step waits for (the person's seat is filled in by the session); none: a Next button. */
export type LessonMove =
  | { type: 'look'; slots: number[] }
  | { type: 'draw' }
  | { type: 'placeDrawn'; slot: number }
  | { type: 'match'; slot: number }
  | { type: 'endTurn' }
  | { type: 'discardDrawn' }
  | { type: 'power'; targets: Where[] }
  | { type: 'blast' };

export interface LessonStep {
  id: string;
  move: LessonMove | null;
  /** Own slots the step lights (the rest stay dark even where the rules allow them). */
  slots?: number[];
  /** Reached by the table, not by a move: when the round is scored. */
  onScored?: true;
}

export const STEPS: readonly LessonStep[] = [
  { id: 'welcome', move: null },
  { id: 'look', move: { type: 'look', slots: [0, 1] }, slots: [0, 1] },
  { id: 'seen', move: null },
  { id: 'draw', move: { type: 'draw' } },
  { id: 'replace', move: { type: 'placeDrawn', slot: 1 }, slots: [1] },
  { id: 'match', move: { type: 'match', slot: 0 }, slots: [0] },
  { id: 'endTurn', move: { type: 'endTurn' } },
  { id: 'draw7', move: { type: 'draw' } },
  { id: 'discard7', move: { type: 'discardDrawn' } },
  { id: 'power', move: { type: 'power', targets: [{ seat: 0, slot: 2 }] }, slots: [2] },
  { id: 'blast', move: { type: 'blast' } },
  { id: 'score', move: null, onScored: true },
];

const en = {
  title: 'Learn Bla5t',
  step: 'Step {n} of {total}',
  next: 'Next',
  done: 'Lesson complete.',
  home: 'Home',
  practice: 'Play against bots',
  wait: 'The bots are playing…',
  asks: 'Not now: this step asks you to {what}',
  bot1: 'Ann (bot)',
  bot2: 'Ben (bot)',
  'do.look': 'tap the two lit cards.',
  'do.draw': 'press “{btn}”.',
  'do.placeDrawn': 'tap the lit card.',
  'do.match': 'press “{btn}”, then tap the lit card.',
  'do.endTurn': 'press “{btn}”.',
  'do.discardDrawn': 'press “{btn}”.',
  'do.power': 'tap the lit card.',
  'do.blast': 'press “{btn}”.',
  'say.welcome':
    'Bla5t is played in rounds. You hold four cards face down (at the bottom); Ann and Ben, two bots, hold four each. At the end of a round your cards count their values: the lowest score wins.',
  'say.look': 'At the start of a round everyone looks at two of their own cards. Tap the two lit cards.',
  'say.seen':
    'You saw a 4 and an 11. Only you saw them, and in a few seconds they turn face down again: remember them.',
  'say.draw': 'Your turn. Press “{btn}”: you take the top card of the draw pile, and only you see it.',
  'say.replace':
    'You drew a 1, a low card. Tap your 11 (lit) to put the 1 in its place: the 11 goes face up onto the discard pile.',
  'say.match':
    'Ann and Ben each drew a 4 and threw it away: the discard pile shows a 4, like the card you saw top left. Press “{btn}”, then tap it: a card equal to the top card leaves your layout. (A wrong match would cost you an extra card.)',
  'say.endTurn':
    'Matched: that place is empty now. From your second turn on, you may call Blast when your turn ends. Not yet: press “{btn}”.',
  'say.draw7': 'Your turn again. Press “{btn}”.',
  'say.discard7':
    'A 7. A card you draw and discard at once may use its power: the 7 lets you look at one of your own cards. Press “{btn}”.',
  'say.power': 'Tap the lit card, one you have not seen yet, to look at it.',
  'say.blast':
    'It is a 2. Only three cards are left in your layout, two of them low: a good moment to call Blast. Ann and Ben then play one last turn each, and the round is scored.',
  'say.score':
    'The round is over and every card is shown and counted. You score 4, Ann and Ben 39 each. A Blast caller with more than 5 points would score 15 more. Rounds go on until a total reaches the target; then the lowest total wins.',
};
type Key = keyof typeof en;

const de: Record<Key, string> = {
  title: 'Bla5t lernen',
  step: 'Schritt {n} von {total}',
  next: 'Weiter',
  done: 'Lektion geschafft.',
  home: 'Start',
  practice: 'Gegen Bots spielen',
  wait: 'Die Bots sind am Zug…',
  asks: 'Jetzt nicht: dieser Schritt möchte, dass du {what}',
  bot1: 'Ann (Bot)',
  bot2: 'Ben (Bot)',
  'do.look': 'die zwei leuchtenden Karten antippst.',
  'do.draw': 'auf „{btn}“ drückst.',
  'do.placeDrawn': 'die leuchtende Karte antippst.',
  'do.match': 'auf „{btn}“ drückst und dann die leuchtende Karte antippst.',
  'do.endTurn': 'auf „{btn}“ drückst.',
  'do.discardDrawn': 'auf „{btn}“ drückst.',
  'do.power': 'die leuchtende Karte antippst.',
  'do.blast': 'auf „{btn}“ drückst.',
  'say.welcome':
    'Bla5t wird in Runden gespielt. Du hast vier verdeckte Karten (unten); Ann und Ben, zwei Bots, ebenfalls je vier. Am Rundenende zählen deine Karten ihren Wert: die niedrigste Punktzahl gewinnt.',
  'say.look': 'Zu Beginn jeder Runde sieht sich jeder zwei eigene Karten an. Tippe die zwei leuchtenden Karten an.',
  'say.seen':
    'Du hast eine 4 und eine 11 gesehen. Nur du: in ein paar Sekunden liegen sie wieder verdeckt. Merk sie dir.',
  'say.draw': 'Du bist dran. Drücke „{btn}“: du nimmst die oberste Karte des Nachziehstapels, und nur du siehst sie.',
  'say.replace':
    'Du hast eine 1 gezogen, eine niedrige Karte. Tippe deine 11 an (sie leuchtet), um die 1 an ihren Platz zu legen: die 11 kommt offen auf den Ablagestapel.',
  'say.match':
    'Ann und Ben haben je eine 4 gezogen und abgeworfen: oben liegt eine 4, wie deine Karte oben links. Drücke „{btn}“ und tippe sie an: eine Karte gleich der obersten verlässt deine Auslage. (Ein falsches Paar kostet eine Strafkarte.)',
  'say.endTurn':
    'Gepaart: der Platz ist jetzt leer. Ab deinem zweiten Zug darfst du am Zugende Blast rufen. Noch nicht: drücke „{btn}“.',
  'say.draw7': 'Wieder dein Zug. Drücke „{btn}“.',
  'say.discard7':
    'Eine 7. Wirfst du eine gezogene Karte gleich ab, darfst du ihre Kraft nutzen: mit der 7 siehst du dir eine eigene Karte an. Drücke „{btn}“.',
  'say.power': 'Tippe die leuchtende Karte an, die du noch nicht kennst, um sie anzusehen.',
  'say.blast': 'Es ist eine 2. Ruf Blast: Ann und Ben haben noch je einen letzten Zug, dann wird die Runde gewertet.',
  'say.score':
    'Die Runde ist vorbei, alle Karten liegen offen und zählen. Du hast 4 Punkte, Ann und Ben je 39. Wer Blast ruft und mehr als 5 Punkte hat, bekommt 15 dazu. Es geht Runde um Runde weiter, bis eine Summe das Ziel erreicht; dann gewinnt die niedrigste.',
};

const ja: Record<Key, string> = {
  title: 'Bla5tを学ぶ',
  step: 'ステップ {n}/{total}',
  next: '次へ',
  done: 'レッスン完了です。',
  home: 'ホーム',
  practice: 'ボットと遊ぶ',
  wait: 'ボットの番です…',
  asks: '今はできません。このステップでは{what}',
  bot1: 'アン（ボット）',
  bot2: 'ベン（ボット）',
  'do.look': '光っている2枚をタップしてください。',
  'do.draw': '「{btn}」を押してください。',
  'do.placeDrawn': '光っているカードをタップしてください。',
  'do.match': '「{btn}」を押し、光っているカードをタップしてください。',
  'do.endTurn': '「{btn}」を押してください。',
  'do.discardDrawn': '「{btn}」を押してください。',
  'do.power': '光っているカードをタップしてください。',
  'do.blast': '「{btn}」を押してください。',
  'say.welcome':
    'Bla5tは何ラウンドも遊びます。あなたの手元（下）には裏向きのカードが4枚、ボットのアンとベンも4枚ずつ持っています。ラウンドの終わりにカードの数字を合計し、点数の低い人が勝ちです。',
  'say.look': 'ラウンドの始めに、全員が自分のカードを2枚だけ見ます。光っている2枚をタップしてください。',
  'say.seen': '4と11が見えました。見たのはあなただけで、数秒でまた裏向きになります。覚えておきましょう。',
  'say.draw': 'あなたの番です。「{btn}」を押すと山札の一番上を取ります。見えるのはあなただけです。',
  'say.replace':
    '1を引きました。小さいカードです。光っている11をタップして、そこに1を置きましょう。11は表向きで捨て札になります。',
  'say.match':
    'アンとベンが4を引いて捨てたので、捨て札の一番上は4です。左上のあなたのカードと同じです。「{btn}」を押してそのカードをタップすると、同じ数字のカードは場から出ていきます（間違えると罰としてカードが1枚増えます）。',
  'say.endTurn':
    'マッチ成功、その場所は空になりました。2回目のターンからは、ターンの終わりに「ブラスト」を宣言できます。今はまだ「{btn}」を押してください。',
  'say.draw7': 'またあなたの番です。「{btn}」を押してください。',
  'say.discard7':
    '7です。引いたカードをそのまま捨てると、その能力を使えます。7は自分のカードを1枚見る能力です。「{btn}」を押してください。',
  'say.power': 'まだ見ていない光っているカードをタップして、見てみましょう。',
  'say.blast': '2でした。ブラストを宣言しましょう。アンとベンが最後のターンを1回ずつ行い、得点計算になります。',
  'say.score':
    'ラウンド終了。全部のカードが表になり数えられます。あなたは4点、アンとベンは39点ずつ。ブラストした人が5点より多いと、さらに15点が加わります。誰かの合計が目標に届くまでラウンドを続け、合計の一番低い人が勝ちです。',
};

const TABLES: Record<string, Record<Key, string>> = { en, de, ja };
export type LessonKey = Key;

export function lw(key: Key, params?: Params): string {
  return format((TABLES[lang()] ?? en)[key] ?? en[key], params);
}
