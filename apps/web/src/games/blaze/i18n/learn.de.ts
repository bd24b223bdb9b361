/** Strings of the guided game, practice and the screen-reader table (Deutsch). */
import type { LearnMessages } from './learn.en.js';

export const learnDe: LearnMessages = {
  'home.learn': 'Spielen lernen',
  'home.practice': 'Gegen Bots spielen',
  'practice.title': 'Gegen Bots spielen',
  'practice.intro': 'Ein Tisch mit Bots, direkt in deinem Browser. Er läuft auch ohne Verbindung.',
  'practice.seats': 'Plätze',
  'practice.clock': 'Uhr',
  'practice.clock.off': 'ohne Uhr',
  'practice.clock.relaxed': 'gemütlich',
  'practice.clock.normal': 'normal',
  'practice.clock.fast': 'schnell',
  'practice.pace': 'Tempo der Bots',
  'practice.pace.relaxed': 'gemächlich',
  'practice.pace.normal': 'normal',
  'practice.pace.quick': 'zügig',
  'practice.start': 'Los',
  'practice.hint': 'Tipp',
  'practice.you': 'Du',
  'hint.open-weakest': 'Greif mit {cards} an: dein schwächster Wert, alle Exemplare zusammen.',
  'hint.extend-weak': 'Leg {cards} nach: ein Wert, der schon auf dem Tisch liegt und den du entbehren kannst.',
  'hint.stand': 'Drück Fertig: nichts auf deiner Hand lohnt sich jetzt herzugeben.',
  'hint.reject-cheapest': 'Wehr {cards} ab: die billigsten Karten, die jede Herausforderung schlagen.',
  'hint.pair': '{challenge} mit {card}',
  'hint.reject-trump': 'Wehr {cards} ab: ein Trumpf schlägt jede Karte einer anderen Farbe.',
  'hint.pass-take': 'Pass und nimm die Karten: Abwehren käme dich teurer.',
  'hint.bet-loser': 'Setz eine 1 auf {name}: dort bleiben am ehesten Karten übrig.',
  'hint.bet-self': 'Setz die 0 auf {name}: vielleicht bleibst du selbst auf Karten sitzen.',
  'hint.wait': 'Nichts zu tun: warte auf die anderen.',
  'learn.title': 'Spielen lernen',
  'learn.step': 'Schritt {n} von {total}',
  'learn.next': 'Weiter',
  'learn.more': 'mehr',
  'learn.less': 'weniger',
  'learn.restart': 'Von vorn',
  'learn.home': 'Startseite',
  'learn.notNow': 'In dieser Lektion nicht diesen Zug: {what}',
  'learn.done': 'Du hast deine erste Partie Blaze geschafft. Probier jetzt einen Tisch mit Bots oder Freunden.',
  'learn.intro':
    'Willkommen! Eine kurze Partie gegen Ana und Ben mit festem Blatt. Ziel: Karten loswerden, Federn gewinnen und nicht als Letzter Karten halten.',
  'lesson.open':
    'Du bist am Zug: Du greifst deinen linken Nachbarn mit Karten eines Wertes an (Farben beliebig gemischt).',
  'lesson.rejectSuit':
    'Du wirst herausgefordert: Wehr jede Herausforderungskarte mit einer Karte derselben Farbe und gleichem oder höherem Wert ab.',
  'lesson.rejectTrump':
    'Jeder Trumpf (die Farbe der aufgedeckten Karte) wehrt eine Karte einer anderen Farbe ab, egal welchen Wert sie hat.',
  'lesson.trumpOnTrump': 'Eine Trumpf-Herausforderungskarte wehrt nur ein gleich hoher oder höherer Trumpf ab.',
  'lesson.firebird':
    'Ein Feuervogel zählt 10 als Herausforderungskarte, aber 0 als Abwehrkarte: Er schlägt nur als Trumpf.',
  'lesson.extend':
    'Der aktive Spieler darf Karten eines Wertes nachlegen, der schon auf dem Tisch liegt, ob Herausforderung oder Abwehr.',
  'lesson.supporter':
    'Der Spieler nach dem Ziel ist der Helfer: Auch er darf Tischwerte nachlegen. Der aktive Spieler hat Vorrang: Ist das Limit erreicht, darf er die frischen Karten des Helfers zurückgeben lassen.',
  'lesson.limit':
    'Das Limit: höchstens so viele Herausforderungskarten, wie das Ziel zu Beginn auf der Hand hatte, nie mehr als fünf.',
  'lesson.pass':
    'Du kannst (oder willst) nicht alles abwehren: Pass, und du nimmst alle Karten der Herausforderung auf die Hand.',
  'lesson.stand':
    'Drück Fertig, wenn du nichts mehr nachlegen willst. Die Herausforderung endet, wenn alles abgewehrt oder gepasst ist und der aktive Spieler und der Helfer fertig sind.',
  'lesson.draw':
    'Nach einer Herausforderung ziehen alle Beteiligten auf fünf Karten nach, der aktive Spieler zuerst. Die aufgedeckte Trumpfkarte kommt zuletzt.',
  'lesson.phaseTwo':
    'Der Stapel ist leer: Phase 2. Kein Nachziehen mehr; wer alle Karten los ist, nimmt eine Feder und ist raus.',
  'lesson.bet':
    'Zuerst eine Wette: Leg eine Wettkarte vor einen anderen Spieler. Eine 1 auf den Verlierer der Runde zählt für dich, eine 1 auf jemand anderen für ihn. Die 0 kommt immer zurück.',
  'lesson.rejected':
    '{name} hat deine {challenge} mit {card} abgewehrt. Nichts war mehr abzuwehren und niemand hat nachgelegt, also ist die Herausforderung vorbei: Ihre Karten liegen jetzt auf dem Ablagestapel.',
  'lesson.window':
    '{name}, der Helfer, hat gerade {card} nachgelegt und das Limit gefüllt. Jetzt ist sein Rücknahmefenster offen (das Banner zeigt es): Für kurze Zeit hast du als aktiver Spieler Vorrang vor den frischen Karten des Helfers.',
  'lesson.takeBack':
    'Nutz deinen Vorrang: Leg eine Karte eines Werts vom Tisch nach, solange das Fenster offen ist. Die zuletzt gelegte Karte des Helfers geht dafür auf seine Hand zurück.',
  'lesson.betsScored':
    'Runde 1 ist vorbei, die Wetten werden aufgedeckt: Jede 1 zählt für ihren Besitzer (lag sie vor dem Verlierer) oder für den, vor dem sie lag; jede 0 kommt zurück.',
  'lesson.feather':
    '{name} hat keine Karten mehr, nimmt die oberste Feder ({value}) und ist aus der Runde. Je früher, desto wertvoller die Feder.',
  'lesson.feather.you':
    'Du hast keine Karten mehr: Du nimmst die oberste Feder ({value}) und bist aus der Runde. Je früher, desto wertvoller die Feder.',
  'lesson.roundOver.kept':
    'Runde 1 ist vorbei. Ohne Feder hat {name} sie verloren und beginnt Runde 2. Runde 2 wird neu gegeben und zieht von Stapel 2; dessen aufgedeckte Karte, {trump}, bestimmt den Trumpf: dieselbe Farbe wie in Runde 1.',
  'lesson.roundOver.changed':
    'Runde 1 ist vorbei. Ohne Feder hat {name} sie verloren und beginnt Runde 2. Runde 2 wird neu gegeben und zieht von Stapel 2; dessen aufgedeckte Karte, {trump}, bestimmt den Trumpf: eine neue Farbe.',
  'lesson.gameOver':
    'Die Partie ist vorbei: Federn und gewonnene Wetten werden addiert, die höchste Summe gewinnt. Sieger: {name}.',
  'lesson.firebird.seen':
    '{name} hat gerade {challenge} mit {card} abgewehrt. Ein Feuervogel zählt 10 als Herausforderungskarte, aber 0 als Abwehrkarte: Er schlägt nur als Trumpf, wie dieser hier.',
  'move.open': 'Wähl jetzt {cards} und drück Ausspielen.',
  'move.reject': 'Wähl jetzt deine {card} und tipp dann auf {challenge} auf dem Tisch.',
  'move.pass': 'Drück jetzt Passen.',
  'move.stand': 'Drück jetzt Fertig.',
  'move.bet': 'Drück jetzt {name}, dann „{value} setzen“.',
  'learn.yourMove': 'Du bist dran.',
  'learn.wait': 'Schau den anderen zu …',
  'a11y.region': 'Der Tisch in Worten',
  'a11y.hand': 'Deine Hand',
  'a11y.table': 'Herausforderungen auf dem Tisch',
  'a11y.seats': 'Plätze',
  'a11y.chips': 'Was Anzeigen und Stapel bedeuten',
  'a11y.status': 'Trumpf: {trump}. Stapel: {deck}. Deine Rolle: {role}.',
  'a11y.deck2': ' Stapel 2, für Runde 2: {n}.',
  'a11y.role.active': 'aktiver Spieler',
  'a11y.role.supporter': 'Helfer',
  'a11y.role.target': 'Ziel',
  'a11y.role.none': 'keine',
  'a11y.trumpCard': '{card}, Trumpf',
  'a11y.emptyTable': 'Keine Herausforderung auf dem Tisch',
  'a11y.rejected': '{card}, abgewehrt mit {by}',
  'a11y.open': '{card} von {name}, nicht abgewehrt',
  'a11y.rejectWith': '{card} mit {with} abwehren',
  'a11y.limit': 'Limit {n}',
};
