/**
 * Frames that do not decode never reach Colyseus' decoder. Left to it, an invalid-UTF-8 message
 * type prints a line per frame (from @colyseus/schema) and bad msgpack prints a stack trace per
 * frame: a log flood anyone can cause. Here they are recognised first and handed to the edge,
 * which counts them, logs once per connection and drops repeat offenders.
 */

import { type Client, Protocol, Room } from '@colyseus/core';
import { unpack } from '@colyseus/msgpackr';
import { decode } from '@colyseus/schema';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Why a frame cannot be decoded, or null when Colyseus may have it. */
export function frameProblem(buffer: Buffer | undefined): string | null {
  if (!buffer || buffer.length === 0) return 'empty frame';
  const code = buffer[0];
  if (code !== Protocol.ROOM_DATA && code !== Protocol.ROOM_DATA_BYTES) return null;
  if (buffer.length < 2) return 'no message type';
  const it = { offset: 1 };
  if (decode.stringCheck(buffer, it)) {
    const prefix = buffer[it.offset++] as number;
    // The same length rules as decode.string, so "valid here" means "decodes there".
    const length =
      prefix < 0xc0
        ? prefix & 0x1f
        : prefix === 0xd9
          ? decode.uint8(buffer, it)
          : prefix === 0xda
            ? decode.uint16(buffer, it)
            : decode.uint32(buffer, it);
    if (it.offset + length > buffer.length) return 'truncated message type';
    try {
      utf8.decode(buffer.subarray(it.offset, it.offset + length));
    } catch {
      return 'message type is not UTF-8';
    }
    it.offset += length;
  } else {
    const n = decode.number(buffer, it);
    if (typeof n !== 'number' || Number.isNaN(n) || it.offset > buffer.length) return 'bad message type';
  }
  if (code === Protocol.ROOM_DATA && buffer.length > it.offset) {
    try {
      unpack(buffer.subarray(it.offset));
    } catch {
      return 'payload is not msgpack';
    }
  }
  return null;
}

export type DecodeFailureHandler = (room: Room, client: Client, reason: string) => void;

let handler: DecodeFailureHandler | null = null;
let installed = false;

/** Wraps Room's frame handler once per process; the latest server's handler receives failures. */
export function installFrameGuard(onFailure: DecodeFailureHandler): void {
  handler = onFailure;
  if (installed) return;
  installed = true;
  const proto = Room.prototype as unknown as { _onMessage(client: Client, buffer: Buffer): void };
  const original = proto._onMessage;
  proto._onMessage = function guarded(this: Room, client: Client, buffer: Buffer) {
    const problem = frameProblem(buffer);
    if (problem !== null) {
      handler?.(this, client, problem);
      return;
    }
    original.call(this, client, buffer);
  };
}
