/** Strings of the replay viewer (English: the key set). */
export const replayEn = {
  'replay.title': 'Replay of game {game} at table {table}',
  'replay.loading': 'Loading the game…',
  'replay.missing': 'No finished game with that id.',
  'replay.broken': 'This record does not replay: {reason}',
  'replay.first': 'Start',
  'replay.back': 'Back',
  'replay.forward': 'Forward',
  'replay.last': 'End',
  'replay.play': 'Play',
  'replay.pause': 'Pause',
  'replay.speed': 'Speed',
  'replay.step': 'Step {n} of {total}',
  'replay.jump': 'Jump to',
  'replay.round': 'Round {round}',
  'replay.challenge': 'Round {round}, challenge {n}',
  'replay.view': 'View',
  'replay.public': 'public view',
  'replay.open': 'all hands open',
  'replay.hands': 'Hands',
  'replay.share': 'Copy link',
  'replay.copied': 'Link copied',
  'replay.button': 'Replay',
};
export type ReplayKey = keyof typeof replayEn;
export type ReplayMessages = Record<ReplayKey, string>;
