/**
 * The one place the server meets @blaze/bots. Bots see only a PlayerView (R11), exactly like a
 * person, and their answers go through the same path as a person's messages.
 */
export { type BotKind, chooseAction, type Strength, search, timeoutAction } from '@blaze/bots';
