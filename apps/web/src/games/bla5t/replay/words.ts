/**
 * The words of a Bla5t replay (/r/<table>-<n>) in English, German and Japanese: the controls, and a
 * step's words when the public log tells nothing of it (a look, a turn ended, a Helmut window let be).
 */
import { format, lang, type Params } from '../../../shell/host.js';

const en = {
  'replay.title': 'Replay: Bla5t, game {n}',
  'replay.step': 'Step {n} of {total}',
  'replay.start': 'The cards are dealt.',
  'replay.first': 'To the start',
  'replay.back': 'Back',
  'replay.next': 'Next',
  'replay.last': 'To the end',
  'replay.play': 'Play',
  'replay.pause': 'Pause',
  'replay.broken': 'This record cannot be replayed: {reason}',
  'replay.refused': 'the rules refuse move {n} ({code})',
  'replay.note': 'Every card is shown face up: the game is over. A card edged in purple lay face down.',
  'replay.look': '{name} looks at their cards.',
  'replay.endTurn': '{name} ends the turn.',
  'replay.noClaim': '{name} lets the Helmut window pass.',
  'replay.noSwap': '{name} keeps the cards as they are.',
  'replay.choice': '{name} makes a choice.',
  'replay.roundEnd': 'Round {n} is over: every card is turned up.',
};

type Key = keyof typeof en;

const de: Record<Key, string> = {
  'replay.title': 'Wiederholung: Bla5t, Spiel {n}',
  'replay.step': 'Schritt {n} von {total}',
  'replay.start': 'Die Karten sind verteilt.',
  'replay.first': 'Zum Anfang',
  'replay.back': 'Zurück',
  'replay.next': 'Weiter',
  'replay.last': 'Zum Ende',
  'replay.play': 'Abspielen',
  'replay.pause': 'Pause',
  'replay.broken': 'Diese Aufzeichnung lässt sich nicht abspielen: {reason}',
  'replay.refused': 'die Regeln lehnen Zug {n} ab ({code})',
  'replay.note': 'Alle Karten liegen offen: das Spiel ist vorbei. Violett umrandet: lag verdeckt.',
  'replay.look': '{name} sieht sich Karten an.',
  'replay.endTurn': '{name} beendet den Zug.',
  'replay.noClaim': '{name} lässt das Helmut-Fenster verstreichen.',
  'replay.noSwap': '{name} lässt die Karten, wie sie sind.',
  'replay.choice': '{name} trifft eine Wahl.',
  'replay.roundEnd': 'Runde {n} ist vorbei: alle Karten werden aufgedeckt.',
};

const ja: Record<Key, string> = {
  'replay.title': 'リプレイ：Bla5t 第{n}ゲーム',
  'replay.step': 'ステップ {n} / {total}',
  'replay.start': 'カードが配られました。',
  'replay.first': '最初へ',
  'replay.back': '戻る',
  'replay.next': '次へ',
  'replay.last': '最後へ',
  'replay.play': '再生',
  'replay.pause': '一時停止',
  'replay.broken': 'この記録は再生できません：{reason}',
  'replay.refused': '第{n}手がルール違反です（{code}）',
  'replay.note': 'ゲームは終わったので、すべてのカードを表向きに表示します。紫の枠のカードは裏向きでした。',
  'replay.look': '{name}が自分のカードを見ます。',
  'replay.endTurn': '{name}が手番を終えます。',
  'replay.noClaim': '{name}はヘルムートを宣言しません。',
  'replay.noSwap': '{name}はカードをそのままにします。',
  'replay.choice': '{name}が選択します。',
  'replay.roundEnd': 'ラウンド{n}終了：すべてのカードを表にします。',
};

const TABLES: Record<string, Record<Key, string>> = { en, de, ja };
export type ReplayKey = Key;

/** A replay word in the page's language (English when missing). */
export function rw(key: Key, params?: Params): string {
  return format(TABLES[lang()]?.[key] ?? en[key], params);
}
