/**
 * The words of Bla5t's practice page and guided first round in English, German and Japanese: our own
 * wording (BLA5T.md), never the publisher's. A lesson step claims about the table only what its test
 * checks at that step.
 */
import { format, lang, type Params } from '../../../shell/host.js';

const en = {
  'practice.title': 'Bla5t against bots',
  'practice.intro': 'A game in this browser, with no server: it works offline too.',
  'practice.bots': 'Bots',
  'practice.strength': 'Bot strength',
  'practice.easy': 'Easy',
  'practice.normal': 'Normal (remembers its looks)',
  'practice.rules': 'Rules',
  'practice.basic': 'Basic',
  'practice.advanced': 'Advanced (heroes and bosses)',
  'practice.target': 'The game ends at',
  'practice.points': '{n} points',
  'practice.start': 'Start',
  'practice.you': 'You',
  'practice.bot': 'Bot {n}',
  'practice.back': 'Home',
  'practice.again': 'Play again',
  'practice.round': 'Round {round} scored: {scores}.',
  'seen.looked': '{name} looks at a card.',
  'seen.drew': '{name} draws a card.',
  'seen.discarded': '{name} discards {card}.',
  'seen.placed': '{name} puts the drawn card into their layout.',
  'seen.took': '{name} takes the top of the discard pile.',
  'seen.matched': '{name} tries a match.',
  'seen.swapped': '{name} swaps two cards.',
  'seen.shuffled': '{name} shuffles two of their cards.',
  'seen.flipped': '{name} turns a card over.',
  'seen.powerUsed': '{name} uses a power.',
  'seen.powerSkipped': '{name} leaves the power unused.',
  'seen.blast': '{name} calls Blast!',
  'seen.scored': 'The round is scored.',
};
type Key = keyof typeof en;

const de: Partial<Record<Key, string>> = {
  'practice.title': 'Bla5t gegen Bots',
  'practice.intro': 'Ein Spiel in diesem Browser, ohne Server: es läuft auch offline.',
  'practice.bots': 'Bots',
  'practice.strength': 'Stärke der Bots',
  'practice.easy': 'Leicht',
  'practice.normal': 'Normal (merkt sich, was er sah)',
  'practice.rules': 'Regeln',
  'practice.basic': 'Grundspiel',
  'practice.advanced': 'Erweitert (Helden und Bosse)',
  'practice.target': 'Das Spiel endet bei',
  'practice.points': '{n} Punkten',
  'practice.start': 'Los',
  'practice.you': 'Du',
  'practice.bot': 'Bot {n}',
  'practice.back': 'Start',
  'practice.again': 'Noch einmal',
  'practice.round': 'Runde {round} gewertet: {scores}.',
  'seen.looked': '{name} sieht sich eine Karte an.',
  'seen.drew': '{name} zieht eine Karte.',
  'seen.discarded': '{name} wirft {card} ab.',
  'seen.placed': '{name} legt die gezogene Karte in die eigene Auslage.',
  'seen.took': '{name} nimmt die oberste Karte des Ablagestapels.',
  'seen.matched': '{name} versucht ein Paar.',
  'seen.swapped': '{name} tauscht zwei Karten.',
  'seen.shuffled': '{name} mischt zwei eigene Karten.',
  'seen.flipped': '{name} dreht eine Karte um.',
  'seen.powerUsed': '{name} nutzt eine Kraft.',
  'seen.powerSkipped': '{name} lässt die Kraft ungenutzt.',
  'seen.blast': '{name} ruft Blast!',
  'seen.scored': 'Die Runde wird gewertet.',
};

const ja: Partial<Record<Key, string>> = {
  'practice.title': 'Bla5t（ボット戦）',
  'practice.intro': 'このブラウザだけで遊ぶゲームです。サーバー不要で、オフラインでも動きます。',
  'practice.bots': 'ボットの数',
  'practice.strength': 'ボットの強さ',
  'practice.easy': 'やさしい',
  'practice.normal': 'ふつう（見たカードを覚える）',
  'practice.rules': 'ルール',
  'practice.basic': '基本',
  'practice.advanced': '上級（ヒーローとボス）',
  'practice.target': '終了点数',
  'practice.points': '{n}点',
  'practice.start': '開始',
  'practice.you': 'あなた',
  'practice.bot': 'ボット{n}',
  'practice.back': 'ホーム',
  'practice.again': 'もう一度',
  'practice.round': 'ラウンド{round}の得点：{scores}。',
  'seen.looked': '{name}がカードを1枚見ます。',
  'seen.drew': '{name}がカードを引きます。',
  'seen.discarded': '{name}が{card}を捨てます。',
  'seen.placed': '{name}が引いたカードを自分の場に置きます。',
  'seen.took': '{name}が捨て札の一番上を取ります。',
  'seen.matched': '{name}がマッチを試みます。',
  'seen.swapped': '{name}がカード2枚を入れ替えます。',
  'seen.shuffled': '{name}が自分のカード2枚を混ぜます。',
  'seen.flipped': '{name}がカードを1枚めくります。',
  'seen.powerUsed': '{name}が能力を使います。',
  'seen.powerSkipped': '{name}は能力を使いません。',
  'seen.blast': '{name}がブラスト！',
  'seen.scored': 'ラウンドの得点計算です。',
};

const TABLES: Record<string, Partial<Record<Key, string>>> = { en, de, ja };
export type PracticeKey = Key;

/** A practice or lesson word in the page's language (English when missing). */
export function pw(key: Key, params?: Params): string {
  return format(TABLES[lang()]?.[key] ?? en[key], params);
}
