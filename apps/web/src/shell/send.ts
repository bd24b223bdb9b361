import type { ClientMessage, ClientMessageType } from '@blaze/protocol';

/** Sends one client message to the room. */
export type Send = <T extends ClientMessageType>(type: T, payload: ClientMessage<T>) => void;
