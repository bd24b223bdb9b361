/**
 * Frames that do not decode never reach Colyseus' decoder. Left to it, an invalid-UTF-8 message
 * type prints a line per frame (from @colyseus/schema) and bad msgpack prints a stack trace per
 * frame: a log flood anyone can cause. Here they are recognised first and handed to the edge,
 * which counts them, logs once per connection and drops repeat offenders. The edge's rates are
 * charged here too, once the message type is read and before its payload is.
 */

import { type Client, Protocol, Room } from '@colyseus/core';
import { unpack } from '@colyseus/msgpackr';
import { decode } from '@colyseus/schema';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A frame's message type, read without touching its payload; or why it cannot be read. */
type TypeRead = { ok: true; type: string; payloadAt: number } | { ok: false; problem: string };

function readType(buffer: Buffer): TypeRead {
  if (buffer.length < 2) return { ok: false, problem: 'no message type' };
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
    if (it.offset + length > buffer.length) return { ok: false, problem: 'truncated message type' };
    let type: string;
    try {
      type = utf8.decode(buffer.subarray(it.offset, it.offset + length));
    } catch {
      return { ok: false, problem: 'message type is not UTF-8' };
    }
    return { ok: true, type, payloadAt: it.offset + length };
  }
  const n = decode.number(buffer, it);
  if (typeof n !== 'number' || Number.isNaN(n) || it.offset > buffer.length)
    return { ok: false, problem: 'bad message type' };
  return { ok: true, type: String(n), payloadAt: it.offset };
}

/** Why a frame cannot be decoded, or null when Colyseus may have it. */
export function frameProblem(buffer: Buffer | undefined): string | null {
  if (!buffer || buffer.length === 0) return 'empty frame';
  const code = buffer[0];
  if (code !== Protocol.ROOM_DATA && code !== Protocol.ROOM_DATA_BYTES) return null;
  const read = readType(buffer);
  if (!read.ok) return read.problem;
  return payloadProblem(buffer, read.payloadAt);
}

function payloadProblem(buffer: Buffer, at: number): string | null {
  if (buffer[0] === Protocol.ROOM_DATA && buffer.length > at) {
    try {
      unpack(buffer.subarray(at));
    } catch {
      return 'payload is not msgpack';
    }
  }
  return null;
}

export interface FrameGate {
  /**
   * Before a message's payload is decoded: whether it may be (the sender within its rates, its
   * connection not dropped). Unpacking is the costly part of a frame, so a flood is turned away
   * before it: 43 KB frames of 5,000-key maps cost 7.7 ms each to unpack, twice, before the rate
   * check used to run, and stalled every table for seconds.
   */
  admit(room: Room, client: Client, type: string): boolean;
  /** A frame that does not decode. */
  failed(room: Room, client: Client, reason: string): void;
}

let gate: FrameGate | null = null;
let installed = false;

/** Wraps Room's frame handler once per process; the latest server's gate decides. */
export function installFrameGuard(next: FrameGate): void {
  gate = next;
  if (installed) return;
  installed = true;
  const proto = Room.prototype as unknown as { _onMessage(client: Client, buffer: Buffer): void };
  const original = proto._onMessage;
  proto._onMessage = function guarded(this: Room, client: Client, buffer: Buffer) {
    if (!buffer || buffer.length === 0) {
      gate?.failed(this, client, 'empty frame');
      return;
    }
    const code = buffer[0];
    if (code === Protocol.ROOM_DATA || code === Protocol.ROOM_DATA_BYTES) {
      const read = readType(buffer);
      if (!read.ok) {
        gate?.failed(this, client, read.problem);
        return;
      }
      if (gate && !gate.admit(this, client, read.type)) return;
      const problem = payloadProblem(buffer, read.payloadAt);
      if (problem !== null) {
        gate?.failed(this, client, problem);
        return;
      }
    }
    original.call(this, client, buffer);
  };
}
