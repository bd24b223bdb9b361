/**
 * What a card, seat or badge on the table is, in EN/DE/JA: the words shown when a person hovers it
 * (mouse) or holds a finger on it (touch). Worded from the table as the client sees it (see
 * logic/explain.ts); every card is already "yellow 7" by the time it reaches these templates.
 */
import type { Lang } from '../../../shell/host.js';

const en = {
  card: '{card}.',
  'card.trump': '{card}, a trump.',
  firebird: 'A Firebird counts 10 when it challenges and 0 when it rejects.',
  'hand.open': 'You can open the challenge with it.',
  'hand.extend': 'You can add it: its value is on the table.',
  'hand.reject': 'It can reject {challenges}.',
  'hand.wait': 'Nothing is asked of you just now.',
  'hand.watch': 'A card of yours.',
  'pair.open': '{card}, from {name}, is still open: {target} rejects it with {need}, or passes and takes every card.',
  'pair.open.you': '{card}, from {name}, is still open: you reject it with {need}, or pass and take every card.',
  'need.suit': 'a {suit} card of {value} or more, or any trump',
  'need.trump': 'a trump of {value} or more',
  'need.anyTrump': 'a trump (a Firebird challenge counts 10)',
  'pair.never': '{card}, from {name}, cannot be rejected: a trump Firebird beats everything. {target} can only pass.',
  'pair.never.you': '{card}, from {name}, cannot be rejected: a trump Firebird beats everything. You can only pass.',
  'pair.rejected': '{card}, from {name}, is rejected with {rejection}.',
  'pair.taking': '{card}, from {name}: the target passed and takes it.',
  'seat.active': '{name} is the active player: opens the challenge and may add cards of a value on the table.',
  'seat.target': '{name} is the target: rejects each challenge card, or passes and takes them all.',
  'seat.supporter': '{name} is the supporter: may add cards of a value on the table, within the limit.',
  'seat.out': '{name} took a feather and is out of this round.',
  'seat.none': '{name} has no part in this challenge.',
  'seat.active.you': 'You are the active player: you open the challenge and may add cards of a value on the table.',
  'seat.target.you': 'You are the target: reject each challenge card, or pass and take them all.',
  'seat.supporter.you': 'You are the supporter: you may add cards of a value on the table, within the limit.',
  'seat.out.you': 'You took a feather and are out of this round.',
  'seat.none.you': 'You have no part in this challenge.',
  'seat.lobby': '{name} sits here.',
  'seat.you': 'That is you.',
  'seat.passed': 'Passed: takes every card of this challenge when it ends.',
  'seat.done': 'Done: adds nothing more unless the table changes.',
  'seat.cards': 'Cards in hand: {n}.',
  'seat.feathers': 'Feathers won: {list}.',
  'seat.bet': 'Bet placed on {on}.',
  'seat.bet.you': 'Bet placed on you.',
  'seat.offline': 'Offline: the clocks play for this seat until its player is back.',
  'seat.standIn': 'Away: a bot plays this seat until its player comes back.',
  bets: 'Bets on {name}, from {from}. A 0 always comes back; a 1 scores for {name} unless {name} loses the round, and then for whoever placed it. The values show when the round ends.',
  'bets.you':
    'Bets on you, from {from}. A 0 always comes back; a 1 scores for you unless you lose the round, and then for whoever placed it. The values show when the round ends.',
  'bets.byYou': 'you',
  'bets.mine': 'Yours is a {value}.',
  deck: 'Draw deck, cards left: {n}. After each challenge, whoever took part draws back up to 5. The bottom card, {trump}, is drawn last and names trump.',
  deck2: 'Deck 2, face down, cards: {n}: the draw deck of round 2.',
  'deck.empty': 'The draw deck is empty: nobody draws again this round.',
  discard: 'Discard pile, cards: {n}. A challenge whose cards were all rejected ends here.',
  feathers:
    'Feathers left: {list}. Whoever runs out of cards takes the top one and is out of the round; the last player without a feather loses the round.',
  limit:
    'Limit: this challenge holds at most {limit} cards (5, or the target’s hand when it opened if fewer). Room left: {room}.',
  trump:
    'Trump is {suit} this round. A trump rejects any card of another suit; a trump challenge card falls only to an equal or higher trump. Trump cards in your hand carry a star.',
  'round.1':
    'Round {round} of 2, phase 1: after each challenge, whoever took part draws back up to 5 while the draw deck lasts.',
  'round.2':
    'Round {round} of 2, phase 2: the deck is used up. After the bets, whoever runs out of cards takes a feather and is out.',
  clock:
    'The clock of this move. When it runs out, the table acts for whoever is idle: the active player or supporter stands, the target passes, a bet is placed.',
} as const;

export type ExplainKey = keyof typeof en;
export type ExplainMessages = Record<ExplainKey, string>;

const de: ExplainMessages = {
  card: '{card}.',
  'card.trump': '{card}, ein Trumpf.',
  firebird: 'Ein Feuervogel zählt 10, wenn er herausfordert, und 0, wenn er abwehrt.',
  'hand.open': 'Damit kannst du die Herausforderung eröffnen.',
  'hand.extend': 'Du kannst sie nachlegen: Ihr Wert liegt auf dem Tisch.',
  'hand.reject': 'Sie kann {challenges} abwehren.',
  'hand.wait': 'Gerade ist nichts von dir gefragt.',
  'hand.watch': 'Eine deiner Karten.',
  'pair.open': '{card} von {name} ist noch offen: {target} wehrt sie mit {need} ab oder passt und nimmt alle Karten.',
  'pair.open.you': '{card} von {name} ist noch offen: Du wehrst sie mit {need} ab oder passt und nimmst alle Karten.',
  'need.suit': 'einer {suit}en Karte ab {value} oder einem beliebigen Trumpf',
  'need.trump': 'einem Trumpf ab {value}',
  'need.anyTrump': 'einem Trumpf (ein herausfordernder Feuervogel zählt 10)',
  'pair.never':
    '{card} von {name} kann nicht abgewehrt werden: Ein Trumpf-Feuervogel schlägt alles. {target} kann nur passen.',
  'pair.never.you':
    '{card} von {name} kann nicht abgewehrt werden: Ein Trumpf-Feuervogel schlägt alles. Du kannst nur passen.',
  'pair.rejected': '{card} von {name} ist mit {rejection} abgewehrt.',
  'pair.taking': '{card} von {name}: Das Ziel hat gepasst und nimmt sie.',
  'seat.active':
    '{name} ist der aktive Spieler: eröffnet die Herausforderung und darf Karten eines Werts vom Tisch nachlegen.',
  'seat.target': '{name} ist das Ziel: wehrt jede Karte der Herausforderung ab oder passt und nimmt alle.',
  'seat.supporter': '{name} ist der Helfer: darf Karten eines Werts vom Tisch nachlegen, im Rahmen des Limits.',
  'seat.out': '{name} hat eine Feder genommen und ist in dieser Runde raus.',
  'seat.none': '{name} ist an dieser Herausforderung nicht beteiligt.',
  'seat.active.you':
    'Du bist der aktive Spieler: Du eröffnest die Herausforderung und darfst Karten eines Werts vom Tisch nachlegen.',
  'seat.target.you': 'Du bist das Ziel: Wehr jede Karte der Herausforderung ab oder pass und nimm alle.',
  'seat.supporter.you': 'Du bist der Helfer: Du darfst Karten eines Werts vom Tisch nachlegen, im Rahmen des Limits.',
  'seat.out.you': 'Du hast eine Feder genommen und bist in dieser Runde raus.',
  'seat.none.you': 'Du bist an dieser Herausforderung nicht beteiligt.',
  'seat.lobby': '{name} sitzt hier.',
  'seat.you': 'Das bist du.',
  'seat.passed': 'Hat gepasst: nimmt am Ende alle Karten dieser Herausforderung.',
  'seat.done': 'Fertig: legt nichts mehr nach, solange sich der Tisch nicht ändert.',
  'seat.cards': 'Karten auf der Hand: {n}.',
  'seat.feathers': 'Gewonnene Federn: {list}.',
  'seat.bet': 'Wette auf {on} gesetzt.',
  'seat.bet.you': 'Wette auf dich gesetzt.',
  'seat.offline': 'Offline: Die Uhren spielen für diesen Platz, bis die Person zurück ist.',
  'seat.standIn': 'Weg: Ein Bot spielt diesen Platz, bis die Person zurück ist.',
  bets: 'Wetten auf {name}, von {from}. Eine 0 kommt immer zurück; eine 1 zählt für {name}, außer {name} verliert die Runde: dann für den, der sie gesetzt hat. Die Werte zeigen sich am Rundenende.',
  'bets.you':
    'Wetten auf dich, von {from}. Eine 0 kommt immer zurück; eine 1 zählt für dich, außer du verlierst die Runde: dann für den, der sie gesetzt hat. Die Werte zeigen sich am Rundenende.',
  'bets.byYou': 'dir',
  'bets.mine': 'Deine ist eine {value}.',
  deck: 'Nachziehstapel, Karten übrig: {n}. Nach jeder Herausforderung ziehen die Beteiligten auf 5 nach. Die unterste Karte, {trump}, kommt zuletzt und bestimmt Trumpf.',
  deck2: 'Stapel 2, verdeckt, Karten: {n}: der Nachziehstapel der zweiten Runde.',
  'deck.empty': 'Der Nachziehstapel ist leer: In dieser Runde wird nicht mehr gezogen.',
  discard: 'Ablage, Karten: {n}. Eine Herausforderung, deren Karten alle abgewehrt wurden, endet hier.',
  feathers:
    'Übrige Federn: {list}. Wer keine Karten mehr hat, nimmt die oberste und ist raus; wer als Letzter ohne Feder bleibt, verliert die Runde.',
  limit:
    'Limit: Diese Herausforderung fasst höchstens {limit} Karten (5, oder die Hand des Ziels bei der Eröffnung, wenn kleiner). Noch Platz: {room}.',
  trump:
    'Trumpf ist in dieser Runde {suit}. Ein Trumpf wehrt jede Karte einer anderen Farbe ab; eine Trumpfkarte fällt nur durch einen gleichen oder höheren Trumpf. Trumpfkarten auf deiner Hand tragen einen Stern.',
  'round.1':
    'Runde {round} von 2, Phase 1: Nach jeder Herausforderung ziehen die Beteiligten auf 5 nach, solange der Stapel reicht.',
  'round.2':
    'Runde {round} von 2, Phase 2: Der Stapel ist aufgebraucht. Nach den Wetten nimmt, wer keine Karten mehr hat, eine Feder und ist raus.',
  clock:
    'Die Uhr dieses Zugs. Läuft sie ab, handelt der Tisch für den, der wartet: Der aktive Spieler oder Helfer ist fertig, das Ziel passt, eine Wette wird gesetzt.',
};

const ja: ExplainMessages = {
  card: '{card}。',
  'card.trump': '{card}（切り札）。',
  firebird: '火の鳥はチャレンジでは10、返すときは0として数えます。',
  'hand.open': 'このカードでチャレンジを始められます。',
  'hand.extend': '追加できます：同じ数字が場に出ています。',
  'hand.reject': '{challenges}を返せます。',
  'hand.wait': '今はあなたの番ではありません。',
  'hand.watch': 'あなたのカードです。',
  'pair.open': '{name}の{card}はまだ返されていません：{target}は{need}で返すか、パスしてすべて引き取ります。',
  'pair.open.you': '{name}の{card}はまだ返されていません：あなたは{need}で返すか、パスしてすべて引き取ります。',
  'need.suit': '{suit}の{value}以上か、切り札',
  'need.trump': '{value}以上の切り札',
  'need.anyTrump': '切り札（チャレンジの火の鳥は10）',
  'pair.never': '{name}の{card}は返せません：切り札の火の鳥はすべてに勝ちます。{target}はパスするしかありません。',
  'pair.never.you': '{name}の{card}は返せません：切り札の火の鳥はすべてに勝ちます。あなたはパスするしかありません。',
  'pair.rejected': '{name}の{card}は{rejection}で返されました。',
  'pair.taking': '{name}の{card}：防御側がパスしたので引き取ります。',
  'seat.active': '{name}は攻撃側です：チャレンジを始め、場に出ている数字のカードを追加できます。',
  'seat.target': '{name}は防御側です：チャレンジのカードを1枚ずつ返すか、パスしてすべて引き取ります。',
  'seat.supporter': '{name}は援護です：上限の範囲で、場に出ている数字のカードを追加できます。',
  'seat.out': '{name}は羽を取り、このラウンドは上がりです。',
  'seat.none': '{name}はこのチャレンジに参加していません。',
  'seat.active.you': 'あなたは攻撃側です：チャレンジを始め、場に出ている数字のカードを追加できます。',
  'seat.target.you': 'あなたは防御側です：チャレンジのカードを1枚ずつ返すか、パスしてすべて引き取ります。',
  'seat.supporter.you': 'あなたは援護です：上限の範囲で、場に出ている数字のカードを追加できます。',
  'seat.out.you': 'あなたは羽を取り、このラウンドは上がりです。',
  'seat.none.you': 'あなたはこのチャレンジに参加していません。',
  'seat.lobby': '{name}がこの席に座っています。',
  'seat.you': 'あなたです。',
  'seat.passed': 'パスしました：チャレンジが終わるとすべてのカードを引き取ります。',
  'seat.done': '終わり：場が変わらない限り、もう追加しません。',
  'seat.cards': '手札：{n}枚。',
  'seat.feathers': '獲得した羽：{list}。',
  'seat.bet': '{on}に賭けました。',
  'seat.bet.you': 'あなたに賭けました。',
  'seat.offline': 'オフライン：戻るまで時計がこの席の代わりにプレイします。',
  'seat.standIn': '離席中：戻るまでボットがこの席をプレイします。',
  bets: '{name}への賭け（{from}）。0は必ず戻ります。1は{name}の得点になりますが、{name}がラウンドに負けたら賭けた人の得点です。値はラウンドの終わりに公開されます。',
  'bets.you':
    'あなたへの賭け（{from}）。0は必ず戻ります。1はあなたの得点になりますが、あなたがラウンドに負けたら賭けた人の得点です。値はラウンドの終わりに公開されます。',
  'bets.byYou': 'あなた',
  'bets.mine': 'あなたの賭けは{value}です。',
  deck: '山札の残り：{n}枚。チャレンジの後、参加した人は5枚まで引きます。一番下の{trump}は最後に引かれ、切り札を決めます。',
  deck2: '山札2（裏向き）：{n}枚。第2ラウンドの山札です。',
  'deck.empty': '山札はありません：このラウンドではもう引きません。',
  discard: '捨て札：{n}枚。すべて返されたチャレンジのカードはここへ行きます。',
  feathers:
    '残りの羽：{list}。手札がなくなった人が一番上の羽を取って上がります。最後まで羽のない人がラウンドの負けです。',
  limit:
    '上限：このチャレンジは最大{limit}枚です（5枚、または開始時の防御側の手札が少なければその枚数）。残り：{room}枚。',
  trump:
    'このラウンドの切り札は{suit}です。切り札は他の色のどのカードも返せます。切り札のチャレンジカードは同じか高い切り札でしか返せません。手札の切り札には星が付きます。',
  'round.1': '第{round}ラウンド（全2）・フェーズ1：チャレンジの後、参加した人は山札がある限り5枚まで引きます。',
  'round.2':
    '第{round}ラウンド（全2）・フェーズ2：山札はもうありません。賭けの後、手札がなくなった人が羽を取って上がります。',
  clock:
    'この手番の時計です。時間切れになると、テーブルが代わりに動きます：攻撃側は終わり、防御側はパス、賭けは自動で置かれます。',
};

export const EXPLAIN: Record<Lang, ExplainMessages> = { en, de, ja };
