/** Strings of the replay viewer (Deutsch). */
import type { ReplayMessages } from './replay.en.js';

export const replayDe: ReplayMessages = {
  'replay.title': 'Wiederholung von Spiel {game} an Tisch {table}',
  'replay.loading': 'Das Spiel wird geladen…',
  'replay.missing': 'Kein beendetes Spiel mit dieser Kennung.',
  'replay.broken': 'Diese Aufzeichnung lässt sich nicht abspielen: {reason}',
  'replay.first': 'Anfang',
  'replay.back': 'Zurück',
  'replay.forward': 'Weiter',
  'replay.last': 'Ende',
  'replay.play': 'Abspielen',
  'replay.pause': 'Anhalten',
  'replay.speed': 'Tempo',
  'replay.step': 'Schritt {n} von {total}',
  'replay.jump': 'Springe zu',
  'replay.round': 'Runde {round}',
  'replay.challenge': 'Runde {round}, Herausforderung {n}',
  'replay.view': 'Ansicht',
  'replay.public': 'öffentlich',
  'replay.open': 'alle Hände offen',
  'replay.hands': 'Hände',
  'replay.share': 'Link kopieren',
  'replay.copied': 'Link kopiert',
  'replay.button': 'Wiederholung',
};
