/**
 * The rule coach's words: every refusal of the rules and the room, in EN/DE/JA. Kept apart from the
 * main tables because refusals are worded from a code and its parameters (see logic/coach.ts).
 * Placeholders: {card}, {challenge} and {trump} are card words, {suit} a suit, {value} a number,
 * {limit} and {room} counts.
 */
import type { Lang } from '../../../shell/host.js';

const en = {
  rule: '(rule {rule})',
  MALFORMED: 'That move could not be read.',
  UNKNOWN_ACTION: 'That is not a move of this game.',
  BAD_SEAT: 'There is no such seat at this table.',
  GAME_OVER: 'The game is over.',
  WRONG_PHASE: 'Not now: while bets are being placed nobody plays, and bets are placed only when phase 2 starts.',
  NOT_YOUR_ROLE:
    'Not your part now: the active player opens, the active player and the supporter add cards, the target rejects or passes.',
  NO_CHALLENGE: 'No challenge is open: the active player opens one first.',
  CHALLENGE_OPEN: 'A challenge is already open.',
  CARD_NOT_IN_HAND: '{card} is not in your hand.',
  DUPLICATE_CARD: '{card} was chosen twice.',
  EMPTY_PLAY: 'Choose a card first.',
  MIXED_VALUES: 'An opening is cards of one value only (any suits).',
  VALUE_NOT_ON_TABLE: '{card} cannot be added: only values already on the table in this challenge may be added.',
  LIMIT_REACHED:
    'Only {room} more may be added: the limit of this challenge is {limit} cards (5, or the target’s hand if smaller).',
  'LIMIT_REACHED.full':
    'The limit is reached: this challenge holds at most {limit} cards (5, or the target’s hand if smaller).',
  NOT_ON_TABLE: '{challenge} is not a challenge card on the table.',
  'CANNOT_BEAT.trump': '{card} cannot reject {challenge}: trump is {suit}, so only an equal or higher {suit} can.',
  'CANNOT_BEAT.trumpFirebird': 'Nothing can reject {challenge}: a trump Firebird counts 10 and trump beats all.',
  'CANNOT_BEAT.firebird':
    '{card} cannot reject {challenge}: a Firebird challenge counts 10, so only a trump ({suit}) can.',
  'CANNOT_BEAT.zero':
    '{card} cannot reject {challenge}: a Firebird counts 0 when it rejects, so it rejects only as a trump ({suit}).',
  'CANNOT_BEAT.suit':
    '{card} cannot reject {challenge}: it takes a {challengeSuit} card of {value} or more, or any trump ({suit}).',
  ALREADY_REJECTED: '{challenge} is already rejected.',
  TARGET_PASSED: 'You passed: you reject nothing more and take the cards at the end.',
  ALREADY_STANDING: 'You are already done.',
  BAD_BET: 'You may not bet on yourself.',
  'BAD_BET.value': 'You hold no betting card worth {value}.',
  ALREADY_BET: 'You have already placed your bet this round.',
  NO_WINDOW: 'No take-back window is open.',
  INTERNAL: 'Something went wrong on the server; nothing changed.',
  RATE_LIMITED: 'Too many moves at once; slow down a little.',
  NOT_SEATED: 'Join the table first.',
  NOT_HOST: 'Only the host may do that.',
  SEAT_TAKEN: 'That seat is taken.',
  SEAT_EMPTY: 'Nobody sits there.',
  NOT_IN_LOBBY: 'Only in the lobby, before the game starts.',
  NOT_ENOUGH_PLAYERS: 'A game needs 3 to 5 seated players.',
  GAME_RUNNING: 'Not while a game is running.',
  SPECTATOR: 'You are watching: take a free seat to play.',
  TOO_LARGE: 'That message is too large.',
  NOT_RECORDED: 'The server could not save that, so it did not happen. Try again in a moment.',
  'NOT_RECORDED.start':
    'Could not start: saving is unavailable right now, so the game did not start. Try again in a moment.',
  STARTING: 'The game is just starting; seats and settings stay as they are until it does.',
  unknown: 'The server refused that move.',
} as const;

export type CoachKey = keyof typeof en;
export type CoachMessages = Record<CoachKey, string>;

const de: CoachMessages = {
  rule: '(Regel {rule})',
  MALFORMED: 'Dieser Zug war nicht lesbar.',
  UNKNOWN_ACTION: 'Das ist kein Zug dieses Spiels.',
  BAD_SEAT: 'Diesen Platz gibt es an diesem Tisch nicht.',
  GAME_OVER: 'Das Spiel ist vorbei.',
  WRONG_PHASE: 'Jetzt nicht: Während gewettet wird, spielt niemand, und gewettet wird nur zu Beginn von Phase 2.',
  NOT_YOUR_ROLE:
    'Das ist gerade nicht deine Rolle: Der aktive Spieler eröffnet, aktiver Spieler und Helfer legen nach, das Ziel wehrt ab oder passt.',
  NO_CHALLENGE: 'Es läuft keine Herausforderung: Der aktive Spieler eröffnet zuerst.',
  CHALLENGE_OPEN: 'Es läuft schon eine Herausforderung.',
  CARD_NOT_IN_HAND: '{card} ist nicht in deiner Hand.',
  DUPLICATE_CARD: '{card} wurde doppelt gewählt.',
  EMPTY_PLAY: 'Wähle zuerst eine Karte.',
  MIXED_VALUES: 'Eine Eröffnung besteht nur aus Karten eines Werts (beliebige Farben).',
  VALUE_NOT_ON_TABLE:
    '{card} darf nicht nachgelegt werden: Nur Werte, die in dieser Herausforderung schon auf dem Tisch liegen.',
  LIMIT_REACHED:
    'Nur noch {room} passen dazu: Das Limit dieser Herausforderung ist {limit} Karten (5, oder die Handgröße des Ziels, wenn kleiner).',
  'LIMIT_REACHED.full':
    'Das Limit ist erreicht: Diese Herausforderung fasst höchstens {limit} Karten (5, oder die Handgröße des Ziels, wenn kleiner).',
  NOT_ON_TABLE: '{challenge} ist keine Herausforderungskarte auf dem Tisch.',
  'CANNOT_BEAT.trump':
    '{card} kann {challenge} nicht abwehren: Trumpf ist {suit}, also nur ein gleich hohes oder höheres {suit}.',
  'CANNOT_BEAT.trumpFirebird':
    'Nichts kann {challenge} abwehren: Ein Trumpf-Feuervogel zählt 10, und Trumpf schlägt alles.',
  'CANNOT_BEAT.firebird':
    '{card} kann {challenge} nicht abwehren: Ein Feuervogel als Herausforderung zählt 10, nur Trumpf ({suit}) wehrt ihn ab.',
  'CANNOT_BEAT.zero':
    '{card} kann {challenge} nicht abwehren: Ein Feuervogel zählt beim Abwehren 0, er wehrt nur als Trumpf ({suit}) ab.',
  'CANNOT_BEAT.suit':
    '{card} kann {challenge} nicht abwehren: Nötig ist {challengeSuit} ab {value} oder ein beliebiger Trumpf ({suit}).',
  ALREADY_REJECTED: '{challenge} ist schon abgewehrt.',
  TARGET_PASSED: 'Du hast gepasst: Du wehrst nichts mehr ab und nimmst am Ende die Karten.',
  ALREADY_STANDING: 'Du bist schon fertig.',
  BAD_BET: 'Du darfst nicht auf dich selbst wetten.',
  'BAD_BET.value': 'Du hast keine Wettkarte mit Wert {value}.',
  ALREADY_BET: 'Du hast in dieser Runde schon gewettet.',
  NO_WINDOW: 'Es ist kein Rücknahme-Fenster offen.',
  INTERNAL: 'Auf dem Server ging etwas schief; nichts wurde geändert.',
  RATE_LIMITED: 'Zu viele Züge auf einmal; bitte etwas langsamer.',
  NOT_SEATED: 'Setz dich zuerst an den Tisch.',
  NOT_HOST: 'Das darf nur der Gastgeber.',
  SEAT_TAKEN: 'Dieser Platz ist besetzt.',
  SEAT_EMPTY: 'Dort sitzt niemand.',
  NOT_IN_LOBBY: 'Nur in der Lobby, bevor das Spiel beginnt.',
  NOT_ENOUGH_PLAYERS: 'Ein Spiel braucht 3 bis 5 Spieler am Tisch.',
  GAME_RUNNING: 'Nicht während ein Spiel läuft.',
  SPECTATOR: 'Du schaust zu: Setz dich auf einen freien Platz, um mitzuspielen.',
  TOO_LARGE: 'Diese Nachricht ist zu groß.',
  NOT_RECORDED: 'Der Server konnte das nicht speichern, deshalb zählt es nicht. Versuch es gleich noch einmal.',
  'NOT_RECORDED.start':
    'Start nicht möglich: Speichern ist gerade nicht verfügbar, das Spiel hat nicht begonnen. Versuch es gleich noch einmal.',
  STARTING: 'Das Spiel beginnt gerade; Plätze und Einstellungen bleiben, wie sie sind, bis es losgeht.',
  unknown: 'Der Server hat diesen Zug abgelehnt.',
};

const ja: CoachMessages = {
  rule: '（ルール {rule}）',
  MALFORMED: 'その操作を読み取れませんでした。',
  UNKNOWN_ACTION: 'このゲームにない操作です。',
  BAD_SEAT: 'その席はこのテーブルにありません。',
  GAME_OVER: 'ゲームは終了しました。',
  WRONG_PHASE: '今はできません：賭けの間は誰もプレイせず、賭けはフェーズ2の開始時だけです。',
  NOT_YOUR_ROLE: '今はあなたの役目ではありません：攻撃側が開始し、攻撃側と援護が追加し、防御側が返すかパスをします。',
  NO_CHALLENGE: 'チャレンジはまだありません：まず攻撃側が開始します。',
  CHALLENGE_OPEN: 'すでにチャレンジが始まっています。',
  CARD_NOT_IN_HAND: '{card}は手札にありません。',
  DUPLICATE_CARD: '{card}が二重に選ばれています。',
  EMPTY_PLAY: 'まずカードを選んでください。',
  MIXED_VALUES: '開始に出せるのは同じ数字のカードだけです（色は自由）。',
  VALUE_NOT_ON_TABLE: '{card}は追加できません：このチャレンジで場に出ている数字だけ追加できます。',
  LIMIT_REACHED:
    'あと{room}枚だけ追加できます：このチャレンジの上限は{limit}枚です（5枚、または防御側の手札が少なければその枚数）。',
  'LIMIT_REACHED.full':
    '上限に達しました：このチャレンジは最大{limit}枚です（5枚、または防御側の手札が少なければその枚数）。',
  NOT_ON_TABLE: '{challenge}は場のチャレンジカードではありません。',
  'CANNOT_BEAT.trump': '{card}では{challenge}を返せません：切り札は{suit}なので、同じか高い{suit}だけが返せます。',
  'CANNOT_BEAT.trumpFirebird': '{challenge}は誰も返せません：切り札の火の鳥は10で、切り札はすべてに勝ちます。',
  'CANNOT_BEAT.firebird':
    '{card}では{challenge}を返せません：チャレンジの火の鳥は10なので、切り札（{suit}）だけが返せます。',
  'CANNOT_BEAT.zero':
    '{card}では{challenge}を返せません：火の鳥は返すときは0なので、切り札（{suit}）のときだけ返せます。',
  'CANNOT_BEAT.suit': '{card}では{challenge}を返せません：{value}以上の{challengeSuit}か、切り札（{suit}）が必要です。',
  ALREADY_REJECTED: '{challenge}はすでに返されています。',
  TARGET_PASSED: 'パスしました：これ以上返さず、最後にカードを引き取ります。',
  ALREADY_STANDING: 'すでに完了しています。',
  BAD_BET: '自分自身には賭けられません。',
  'BAD_BET.value': '値{value}の賭けカードを持っていません。',
  ALREADY_BET: 'このラウンドはすでに賭けました。',
  NO_WINDOW: '取り戻しの猶予は開いていません。',
  INTERNAL: 'サーバーで問題が起きました。何も変わっていません。',
  RATE_LIMITED: '操作が多すぎます。少しゆっくりどうぞ。',
  NOT_SEATED: 'まずテーブルに参加してください。',
  NOT_HOST: 'ホストだけができます。',
  SEAT_TAKEN: 'その席はふさがっています。',
  SEAT_EMPTY: 'そこには誰も座っていません。',
  NOT_IN_LOBBY: 'ゲーム開始前のロビーでだけできます。',
  NOT_ENOUGH_PLAYERS: 'ゲームには着席した3〜5人が必要です。',
  GAME_RUNNING: 'ゲーム中はできません。',
  SPECTATOR: '観戦中です：プレイするには空いている席に座ってください。',
  TOO_LARGE: 'メッセージが大きすぎます。',
  NOT_RECORDED: 'サーバーが保存できなかったため、反映されていません。少ししてからもう一度どうぞ。',
  'NOT_RECORDED.start':
    '開始できませんでした。今は保存できないため、ゲームは始まっていません。少ししてからもう一度どうぞ。',
  STARTING: 'ゲームを開始しています。始まるまで席と設定はそのままです。',
  unknown: 'サーバーがその操作を拒否しました。',
};

export const COACH: Record<Lang, CoachMessages> = { en, de, ja };
