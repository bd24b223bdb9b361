/**
 * The words of Durak's practice page and guided first game in English, German and Japanese: our own
 * wording (BATTLE_OF_DURAK.md), never the publisher's. A lesson's words may claim about the table
 * only what its step's claims check (learn/claims.ts). {card}-like params are card names already
 * worded (words.ts cardName).
 */
import { format, lang, type Params } from '../../../shell/host.js';

const en = {
  'name.ben': 'Ben',
  'name.ana': 'Ana',
  'practice.title': 'Battle of Durak against bots',
  'practice.intro': 'A game in this browser, with no server: it works offline too.',
  'practice.players': 'Players (you and the bots)',
  'practice.bot': 'Bot {n}',
  'practice.ambush': 'Ambush (D9)',
  'practice.team': 'Team Battle (D10, 4 players)',
  'practice.start': 'Start',
  'practice.you': 'You',
  'practice.back': 'Home',
  'learn.title': 'Learn Battle of Durak',
  'learn.step': 'Step {n} of {total}',
  'learn.next': 'Next',
  'learn.finished': 'Lesson complete.',
  'learn.readFirst': 'Read the step above, then press Next.',
  'learn.home': 'Home',
  'learn.practice': 'Play against bots',
  'learn.wait': '{name} is playing…',
  'learn.asks': 'This step asks for something else: {move}',
  'move.attack': 'Play the {card}.',
  'move.defend': 'Beat it with the {card}.',
  'move.retreat': 'Press “Retreat”.',
  'move.end': 'Press “End the attack”.',
  'move.pass': 'Press “Pass”.',
  'step.intro':
    'Your first game, against Ben, with a short deck so it ends soon. The card lying across under the deck is the trump card, the {trump}: all {suit} are trumps. You deal, so you attack first.',
  'step.open': 'Attack: any card may open a battle. Ben must beat it or take it.',
  'step.continue':
    'Ben beat your card with a higher card of the same suit. Now you may add a card whose value already lies on the battlefield ({values}), of any suit.',
  'step.end':
    'Every card is beaten and you hold no value from the battlefield: end the attack. The beaten cards go to the graveyard, then everyone draws back up to six, the attacker first.',
  'step.retreat':
    'Ben holds the attack token now and attacks you. Your trumps could beat it, but they are worth keeping. Retreat instead: you take the cards on the battlefield into your hand.',
  'step.defend':
    'With two players the attacker keeps the token after a retreat, so Ben attacks again. Defend: beat the open card with a higher card of its suit.',
  'step.deckEnd':
    '{name} drew the last card, the trump card. The deck is empty: from now on nobody draws. Whoever runs out of cards leaves the battlefield, victorious; the last one holding cards is the Durak.',
  'step.trumpAce': 'Ben beat your card. Add your {card}: it is the highest trump, so nothing can beat it.',
  'step.afterRetreat': 'Ben could not beat it and took the cards. The token stays with you: attack again.',
  'step.last':
    'Beat this attack with your last card. With the deck empty, an empty hand means you leave the battlefield.',
  'step.won':
    'You left the battlefield, victorious. Ben still holds cards, so Ben is the Durak. Next: the Ambush option.',
  'step.ambushIntro':
    'Ambush is a table option for 3 or 4 players. Here Ana attacks Ben, and you sit to Ben’s left. When the attacker ends, the other players may still add cards, one by one, starting left of the defender.',
  'step.ambush1':
    'Ana ended the attack, so it is your ambush turn. Add a card whose value lies on the battlefield ({values}); a pass would end your turn.',
  'step.ambush2': 'Ben beat it. While Ben holds cards you may ambush again; a pass would end your turn.',
  'step.ambushDone':
    'Ben could not beat your card and took the battlefield. After a retreat the token goes to the player left of the defender: you attack next. That is the lesson; try a game against bots.',
} as const;

type Key = keyof typeof en;

const de: Record<Key, string> = {
  'name.ben': 'Ben',
  'name.ana': 'Ana',
  'practice.title': 'Battle of Durak gegen Bots',
  'practice.intro': 'Ein Spiel in diesem Browser, ohne Server: es geht auch offline.',
  'practice.players': 'Spieler (du und die Bots)',
  'practice.bot': 'Bot {n}',
  'practice.ambush': 'Hinterhalt (D9)',
  'practice.team': 'Teamschlacht (D10, 4 Spieler)',
  'practice.start': 'Los',
  'practice.you': 'Du',
  'practice.back': 'Startseite',
  'learn.title': 'Battle of Durak lernen',
  'learn.step': 'Schritt {n} von {total}',
  'learn.next': 'Weiter',
  'learn.finished': 'Lektion geschafft.',
  'learn.readFirst': 'Lies den Schritt oben, dann drück „Weiter“.',
  'learn.home': 'Startseite',
  'learn.practice': 'Gegen Bots spielen',
  'learn.wait': '{name} ist am Zug …',
  'learn.asks': 'Dieser Schritt verlangt etwas anderes: {move}',
  'move.attack': 'Spiel {card}.',
  'move.defend': 'Stich mit {card}.',
  'move.retreat': 'Drück „Rückzug“.',
  'move.end': 'Drück „Angriff beenden“.',
  'move.pass': 'Drück „Passen“.',
  'step.intro':
    'Dein erstes Spiel, gegen Ben, mit kurzem Stapel, damit es bald endet. Die Karte quer unter dem Stapel ist die Trumpfkarte, {trump}: alle {suit} sind Trumpf. Du gibst, also greifst du zuerst an.',
  'step.open': 'Angriff: Jede Karte darf eine Schlacht eröffnen. Ben muss sie stechen oder nehmen.',
  'step.continue':
    'Ben hat mit einer höheren Karte derselben Farbe gestochen. Jetzt darfst du eine Karte nachlegen, deren Wert schon auf dem Schlachtfeld liegt ({values}), in beliebiger Farbe.',
  'step.end':
    'Alles ist gestochen und du hast keinen Wert vom Schlachtfeld mehr: Beende den Angriff. Die gestochenen Karten kommen auf den Friedhof, dann füllen alle auf sechs auf, der Angreifer zuerst.',
  'step.retreat':
    'Ben hat jetzt den Angriffsmarker und greift dich an. Deine Trümpfe könnten stechen, aber sie sind wertvoll. Zieh dich lieber zurück: Du nimmst die Karten vom Schlachtfeld auf die Hand.',
  'step.defend':
    'Zu zweit behält der Angreifer nach einem Rückzug den Marker, also greift Ben noch einmal an. Verteidige: Stich die offene Karte mit einer höheren Karte ihrer Farbe.',
  'step.deckEnd':
    '{name} hat die letzte Karte gezogen, die Trumpfkarte. Der Stapel ist leer: Ab jetzt zieht niemand mehr. Wer keine Karten mehr hat, verlässt das Schlachtfeld als Sieger; wer zuletzt Karten hält, ist der Durak.',
  'step.trumpAce': 'Ben hat gestochen. Leg {card} nach: der höchste Trumpf, den nichts stechen kann.',
  'step.afterRetreat':
    'Ben konnte nicht stechen und hat die Karten genommen. Der Marker bleibt bei dir: Greif wieder an.',
  'step.last':
    'Stich diesen Angriff mit deiner letzten Karte. Bei leerem Stapel heißt eine leere Hand: Du verlässt das Schlachtfeld.',
  'step.won':
    'Du hast das Schlachtfeld als Sieger verlassen. Ben hält noch Karten, also ist Ben der Durak. Als Nächstes: die Option Hinterhalt.',
  'step.ambushIntro':
    'Hinterhalt ist eine Tischoption für 3 oder 4 Spieler. Hier greift Ana Ben an, und du sitzt links von Ben. Beendet der Angreifer, dürfen die anderen noch Karten nachlegen, eine nach der anderen, links vom Verteidiger beginnend.',
  'step.ambush1':
    'Ana hat den Angriff beendet, also ist dein Hinterhalt dran. Leg eine Karte mit einem Wert vom Schlachtfeld nach ({values}); Passen würde deinen Zug beenden.',
  'step.ambush2':
    'Ben hat gestochen. Solange Ben Karten hat, darfst du noch einmal nachlegen; Passen würde deinen Zug beenden.',
  'step.ambushDone':
    'Ben konnte deine Karte nicht stechen und hat das Schlachtfeld genommen. Nach einem Rückzug geht der Marker an den Spieler links vom Verteidiger: Du greifst als Nächstes an. Das war die Lektion; probier ein Spiel gegen Bots.',
};

const ja: Record<Key, string> = {
  'name.ben': 'ベン',
  'name.ana': 'アナ',
  'practice.title': 'ボットとバトル・オブ・ドゥラク',
  'practice.intro': 'このブラウザだけで遊ぶゲームです。サーバー不要、オフラインでも遊べます。',
  'practice.players': 'プレイヤー数（あなたとボット）',
  'practice.bot': 'ボット{n}',
  'practice.ambush': '待ち伏せ（D9）',
  'practice.team': 'チーム戦（D10、4人）',
  'practice.start': '開始',
  'practice.you': 'あなた',
  'practice.back': 'ホーム',
  'learn.title': 'バトル・オブ・ドゥラクを学ぶ',
  'learn.step': 'ステップ {n}/{total}',
  'learn.next': '次へ',
  'learn.finished': 'レッスン完了です。',
  'learn.readFirst': '上の説明を読んでから「次へ」を押してください。',
  'learn.home': 'ホーム',
  'learn.practice': 'ボットと対戦',
  'learn.wait': '{name}の番です…',
  'learn.asks': 'このステップでは別の手をします：{move}',
  'move.attack': '{card}を出してください。',
  'move.defend': '{card}で打ち負かしてください。',
  'move.retreat': '「撤退」を押してください。',
  'move.end': '「攻撃を終える」を押してください。',
  'move.pass': '「パス」を押してください。',
  'step.intro':
    '最初のゲームの相手はベン。すぐ終わるよう山札は短めです。山札の下に横向きに置かれたカードが切り札カード（{trump}）で、{suit}がすべて切り札です。あなたが親なので、先に攻撃します。',
  'step.open': '攻撃：どのカードでも戦いを始められます。ベンはそれを打ち負かすか、引き取るしかありません。',
  'step.continue':
    'ベンは同じスートのより強いカードで防ぎました。戦場にある数字（{values}）と同じ数字のカードなら、スートに関係なく追加できます。',
  'step.end':
    'すべて防がれ、戦場の数字のカードも手札にありません：攻撃を終えましょう。防がれたカードは墓地へ行き、攻撃側から順に全員が6枚まで引きます。',
  'step.retreat':
    '今は攻撃トークンを持つベンがあなたを攻撃しています。切り札なら勝てますが、取っておく価値があります。代わりに撤退：戦場のカードを手札に引き取ります。',
  'step.defend':
    '2人のときは撤退の後も攻撃側がトークンを持ち続けるので、ベンがもう一度攻撃します。防御：表のカードを同じスートのより強いカードで打ち負かしましょう。',
  'step.deckEnd':
    '{name}が最後のカード、切り札カードを引きました。山札は空です：もう誰も引きません。手札がなくなった人は勝者として戦場を去り、最後までカードを持っていた人がドゥラクです。',
  'step.trumpAce': 'ベンが防ぎました。{card}を追加しましょう：最強の切り札なので、何にも負けません。',
  'step.afterRetreat': 'ベンは防げずカードを引き取りました。トークンはあなたのまま：もう一度攻撃しましょう。',
  'step.last': 'この攻撃を最後の1枚で防ぎましょう。山札が空なので、手札がなくなれば戦場を去れます。',
  'step.won':
    'あなたは勝者として戦場を去りました。ベンはまだカードを持っているので、ベンがドゥラクです。次は待ち伏せオプションです。',
  'step.ambushIntro':
    '待ち伏せは3〜4人用の卓オプションです。ここではアナがベンを攻撃し、あなたはベンの左にいます。攻撃側が攻撃を終えても、防御側の左から順に他のプレイヤーが1枚ずつカードを追加できます。',
  'step.ambush1':
    'アナが攻撃を終えたので、あなたの待ち伏せの番です。戦場にある数字（{values}）のカードを追加しましょう。パスすると番が終わります。',
  'step.ambush2': 'ベンが防ぎました。ベンに手札がある限り、もう一度待ち伏せできます。パスすると番が終わります。',
  'step.ambushDone':
    'ベンはあなたのカードを防げず、戦場のカードを引き取りました。撤退の後、トークンは防御側の左のプレイヤーへ：次はあなたの攻撃です。レッスンはここまで。ボットと対戦してみましょう。',
};

export type LocalKey = Key;
const TABLES = { en: en as Record<Key, string>, de, ja };

/** A practice or lesson word in the page's language (English when missing). */
export function lw(key: LocalKey, params?: Params): string {
  return format(TABLES[lang()][key] ?? en[key], params);
}

/** Every language's words (the lesson's unit test checks each names the same things). */
export const LOCAL_WORDS = TABLES;
