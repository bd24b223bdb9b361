/**
 * What a game with a table page of its own (Battle of Durak) uses of the shell besides host.ts: the
 * connection, the join screen, the lobby and the invite link. Apart from host.ts because these pull
 * the network client into whatever imports them, and host.ts is reached from the home page.
 */

// The parts of Blaze's table page a game's own page reuses as they are: the side panels (log, rules,
// chat), the chat's unread cue, the turn alerts, the tab's title cue and the pacer of others' moves.
export { ChatCue } from './chatCue.js';
export { type GameFrame, type GameFrameSpec, gameFrame } from './gamePage.js';
export { type GameResultsOptions, type ResultsWords, resultsActions } from './gameResults.js';
export { JoinScreen } from './joinScreen.js';
export { type LobbyGameOptions, renderLobby } from './lobby.js';
export { Connection, type ConnState, type Reader } from './net/connection.js';
export { inviteLink } from './net/endpoint.js';
export { type GameWireLike, parseJson, turnClocks, viewTexts } from './net/gameWire.js';
export { joinFailure } from './net/joinError.js';
export { eveningBoard, moveRefusal, nextGame } from './nextGame.js';
export { type PanelWords, SidePanels } from './panels.js';
export { Pacer } from './store/pacer.js';
export { tabCue } from './tabCue.js';
export { TurnAlerts } from './turnAlert.js';
