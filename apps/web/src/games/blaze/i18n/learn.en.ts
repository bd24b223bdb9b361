/** Strings of the guided game, practice and the screen-reader table (English: the key set). */
export const learnEn = {
  'home.learn': 'Learn to play',
  'home.practice': 'Play with bots',
  'practice.title': 'Play with bots',
  'practice.intro': 'A table with bots, right here in your browser. It works without a connection too.',
  'practice.seats': 'Seats',
  'practice.clock': 'Clock',
  'practice.clock.off': 'no clock',
  'practice.clock.relaxed': 'relaxed',
  'practice.clock.normal': 'normal',
  'practice.clock.fast': 'fast',
  'practice.pace': 'Bot pace',
  'practice.pace.relaxed': 'relaxed',
  'practice.pace.normal': 'normal',
  'practice.pace.quick': 'quick',
  'practice.start': 'Start',
  'practice.hint': 'Hint',
  'practice.you': 'You',
  'hint.open-weakest': 'Open with {cards}: your weakest value, every copy together.',
  'hint.extend-weak': 'Add {cards}: a value already on the table that you can spare.',
  'hint.stand': 'Press Done: nothing you hold is worth giving away now.',
  'hint.reject-cheapest': 'Reject {cards}: the cheapest cards that beat each challenge.',
  'hint.pair': '{challenge} with {card}',
  'hint.reject-trump': 'Reject {cards}: a trump beats any card of another suit.',
  'hint.pass-take': 'Pass and take the cards: rejecting would cost you more than they do.',
  'hint.bet-loser': 'Bet 1 on {name}: they are most likely to be left holding cards.',
  'hint.bet-self': 'Bet 0 on {name}: you may be the one left holding cards yourself.',
  'hint.wait': 'Nothing to do: wait for the others.',
  'learn.title': 'Learn to play',
  'learn.step': 'Step {n} of {total}',
  'learn.next': 'Continue',
  'learn.more': 'more',
  'learn.less': 'less',
  'learn.restart': 'Start over',
  'learn.home': 'Home',
  'learn.notNow': 'Not this one in this lesson: {what}',
  'learn.done': 'You finished your first game of Blaze. Now try a table with bots or friends.',
  'learn.intro':
    'Welcome! This is a short game against Ana and Ben with a fixed deal. The goal: shed your cards, win feathers, and do not be the one left holding cards.',
  'lesson.open':
    'You are the active player: you challenge the player on your left with cards of one value (any suits together).',
  'lesson.rejectSuit':
    'You are the target: cover each challenge card with a card of the same suit and an equal or higher value.',
  'lesson.rejectTrump': 'Any trump (the suit of the turned card) rejects a card of another suit, whatever its value.',
  'lesson.trumpOnTrump': 'A trump challenge card can only be rejected by a higher or equal trump.',
  'lesson.firebird': 'A Firebird is worth 10 as a challenge card but 0 as a rejection: it only beats by being a trump.',
  'lesson.extend':
    'The active player and the supporter may add cards of a value already on the table, challenge or rejection alike.',
  'lesson.supporter':
    "The player after the target is the supporter: they may add cards of table values too. The active player has priority: with the limit reached, they may take the supporter's fresh cards back.",
  'lesson.limit':
    'The limit: at most as many challenge cards as the target held when the challenge opened, never more than five.',
  'lesson.pass':
    'You cannot (or need not) reject everything: pass and you take every card of the challenge into your hand.',
  'lesson.stand':
    'Press Done when you do not want to add more. The challenge ends when everything is rejected or passed and the active player and supporter are done.',
  'lesson.draw':
    'After a challenge everyone involved draws back up to five cards, the active player first. The turned trump card is drawn last.',
  'lesson.phaseTwo':
    'The deck is empty: phase 2. No more drawing; whoever sheds all their cards takes a feather and is out.',
  'lesson.bet':
    "First a bet: lay a betting card in front of another player. A 1 on the round's loser scores for you; a 1 on anyone else scores for them. A 0 always comes back.",
  'lesson.rejected':
    '{name} rejected your {challenge} with {card}. Nothing was left to reject and nobody added more, so the challenge is over: its cards went to the discard pile.',
  'lesson.window':
    "{name}, the supporter, just added {card} and filled the limit. Now their take-back window is open (the banner says so): for a short time you, the active player, keep priority over the supporter's fresh cards.",
  'lesson.takeBack':
    "Use your priority: add a card of a value on the table while the window is open. The supporter's newest card goes back to their hand to make room.",
  'lesson.betsScored':
    'Round 1 has ended and the bets are turned up: each 1 scores either for its owner (if it lay on the loser) or for the player it lay on; each 0 goes back.',
  'lesson.feather':
    '{name} has no cards left, takes the top feather ({value}) and is out of this round. The earlier out, the higher the feather.',
  'lesson.feather.you':
    'You have no cards left: you take the top feather ({value}) and are out of this round. The earlier out, the higher the feather.',
  'lesson.roundOver.kept':
    'Round 1 is over. Without a feather, {name} lost it and starts round 2. Round 2 is dealt again and draws from deck 2; its turned card, {trump}, sets the trump: the same suit as in round 1.',
  'lesson.roundOver.changed':
    'Round 1 is over. Without a feather, {name} lost it and starts round 2. Round 2 is dealt again and draws from deck 2; its turned card, {trump}, sets the trump: a new suit.',
  'lesson.gameOver': 'The game is over: feathers and scored bets add up, and the highest total wins. Winner: {name}.',
  'lesson.firebird.seen':
    '{name} just rejected {challenge} with {card}. A Firebird is worth 10 as a challenge card but 0 as a rejection: it beats only by being a trump, as this one is.',
  'move.open': 'Now select {cards} and press Play.',
  'move.reject': 'Now select your {card}, then tap {challenge} on the table.',
  'move.pass': 'Now press Pass.',
  'move.stand': 'Now press Done.',
  'move.bet': 'Now press {name}, then Bet {value}.',
  'learn.yourMove': 'Your move.',
  'learn.wait': 'Watch the others play…',
  'a11y.region': 'The table in words',
  'a11y.hand': 'Your hand',
  'a11y.table': 'Challenges on the table',
  'a11y.seats': 'Seats',
  'a11y.chips': 'What the chips and piles mean',
  'a11y.status': 'Trump: {trump}. Deck: {deck}. Your role: {role}.',
  // Follows a11y.status, while round 2 is ahead: its own leading space where the language puts one.
  'a11y.deck2': ' Deck 2, for round 2: {n}.',
  'a11y.role.active': 'active player',
  'a11y.role.supporter': 'supporter',
  'a11y.role.target': 'target',
  'a11y.role.none': 'none',
  'a11y.trumpCard': '{card}, trump',
  'a11y.emptyTable': 'No challenge on the table',
  'a11y.rejected': '{card}, rejected by {by}',
  'a11y.open': '{card} from {name}, not rejected',
  'a11y.rejectWith': 'Reject {card} with {with}',
  'a11y.limit': 'limit {n}',
} as const;

export type LearnKey = keyof typeof learnEn;
export type LearnMessages = Record<LearnKey, string>;
