/**
 * Blaze's web client: what the table shell asks of the game (the canvas scene, what is lit and
 * playable, the banner, the coach, the explainer's words, the table in words, the results' and the
 * log's words, the replay of a record) The shell loads it through games/registry.ts, so it and everything it draws with is one chunk, fetched
 * when a Blaze table opens.
 */
import { checkPlay } from '@blaze/rules';
import { attachMirror } from './a11y/mirror.js';
import { renderActions } from './actionBar.js';
import { banner, secondsLeft } from './logic/banner.js';
import { cardWords, sortHand } from './logic/cards.js';
import { coachWords, whyNot } from './logic/coach.js';
import { explain, explainKey } from './logic/explain.js';
import { highlights } from './logic/highlights.js';
import { logWords, toldLines } from './logic/log.js';
import { paceKind } from './logic/pace.js';
import { rematchOffer, results } from './logic/results.js';
import { arrivedInBreak, betWords, lastRound, roundEnded } from './logic/roundSummary.js';
import { turnCue } from './logic/turnCue.js';
import { explainableAt } from './render/hit.js';
import { REPLAY_MS } from './render/motion.js';
import { TableScene } from './render/scene.js';
import { buildSteps, shown } from './replay/record.js';

export const blazeClient = {
  id: 'blaze',
  TableScene,
  checkPlay,
  highlights,
  renderActions,
  banner,
  secondsLeft,
  sortHand,
  cardWords,
  coachWords,
  whyNot,
  explain,
  explainKey,
  explainableAt,
  attachMirror,
  paceKind,
  turnCue,
  roundEnded,
  arrivedInBreak,
  lastRound,
  betWords,
  results,
  rematchOffer,
  logWords,
  toldLines,
  REPLAY_MS,
  replay: { buildSteps, shown },
};

export type BlazeClient = typeof blazeClient;

export type { Explainable } from './logic/explain.js';
export type { Highlights } from './logic/highlights.js';
export type { RoundSummary } from './logic/roundSummary.js';
export type { TurnCue } from './logic/turnCue.js';
export type { Box, Hit } from './render/hit.js';
export type { Label, Region } from './render/scene.js';
export type { GameRecord, Mark, Openness, ReplayStepView } from './replay/record.js';
export type { TableScene };
