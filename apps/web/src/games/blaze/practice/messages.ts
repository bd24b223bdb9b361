/** The page <-> practice worker messages. */
import type { BotStrength } from '@blaze/protocol';
import type { PlayerCount } from '@blaze/rules';
import type { ClientTable } from '../../../shell/host.js';
import type { Hint } from './hint.js';
import type { Intent } from './localTable.js';

export type ClockSetting = 'relaxed' | 'normal' | 'fast' | 'off';

export interface PracticeSetup {
  players: PlayerCount;
  name: string;
  clock: ClockSetting;
  botDelayMs: number;
  seed: string;
  /** Strength of the bots in seats 1, 2, …, in order (the person sits at 0). */
  strengths: BotStrength[];
}

export type ToWorker =
  | { kind: 'start'; setup: PracticeSetup }
  | { kind: 'intent'; intent: Intent }
  | { kind: 'rematch' }
  /** The person's name changes: the default one follows the page's language. */
  | { kind: 'rename'; name: string }
  | { kind: 'hint' };

export type FromWorker =
  | { kind: 'table'; table: ClientTable }
  | { kind: 'refused'; message: string }
  | { kind: 'hint'; hint: Hint };
