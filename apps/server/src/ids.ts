/** Unguessable identifiers: table ids are invites, seat tokens are the only proof of a seat. */
import { randomBytes } from 'node:crypto';

/** 12 characters of base64url = 72 bits; the id is the invite link, so it must not be guessable. */
export function newTableId(): string {
  return randomBytes(9).toString('base64url');
}

/** 32 characters of base64url = 192 bits (the issue asks for at least 128). */
export function newSeatToken(): string {
  return randomBytes(24).toString('base64url');
}

/** A game's shuffle seed; kept in the room only, never in the schema (R11.3). */
export function newSeed(): string {
  return randomBytes(16).toString('hex');
}
