/**
 * Finds the sockets whose other end went silent (a phone that lost its network, a laptop shut), which
 * TCP alone may not notice for minutes, so the table can hold their seat and start their grace.
 *
 * Colyseus' WebSocketTransport does this by pinging every socket in the same tick every 3 s: at 500
 * tables that is 1,000 writes at once and 1,000 pongs right after, a 20–45 ms stall of every table
 * every 3 s (the load bench's BENCH_STALLS showed them). This heartbeat keeps its rule (a socket that
 * left `maxMissed` pings unanswered is closed at its next turn) but spreads the pings over the
 * interval, a few per tick.
 */

/** What the heartbeat needs of a socket: ws' WebSocket, whose pongs Colyseus counts in `pingCount`. */
export interface HeartbeatSocket {
  pingCount?: number;
  ping(data?: unknown, mask?: boolean, cb?: (err?: Error) => void): void;
  terminate(): void;
}

export interface HeartbeatOptions {
  /** Each socket is pinged once per interval (Colyseus: pingInterval, 3 s). */
  intervalMs: number;
  /** Pings left unanswered before the socket is closed (Colyseus: pingMaxRetries, 2). */
  maxMissed: number;
  /** How often a share of the sockets is pinged. */
  tickMs: number;
}

export const DEFAULT_HEARTBEAT: HeartbeatOptions = { intervalMs: 3_000, maxMissed: 2, tickMs: 50 };

const ignore = () => {};

export interface Heartbeat {
  /** One tick (the timer calls it; tests may too). */
  tick(): void;
  stop(): void;
}

/**
 * Every `intervalMs` a round starts over the sockets open then; each tick pings its share of the
 * round, so a socket is pinged once a round and no tick pings more than about
 * sockets × tickMs / intervalMs. Sockets that open during a round are reached in it if the round has
 * not passed them yet (a Set's iterator sees what is added), and in the next round otherwise.
 */
export function startHeartbeat(
  sockets: Set<HeartbeatSocket>,
  options: HeartbeatOptions = DEFAULT_HEARTBEAT,
  timers: { every(ms: number, f: () => void): () => void } = realTimers,
): Heartbeat {
  const { intervalMs, maxMissed, tickMs } = options;
  const ticksPerRound = Math.max(1, Math.round(intervalMs / tickMs));
  let round: Iterator<HeartbeatSocket> | null = null;
  let perTick = 0;
  let ticks = 0;

  const beat = (socket: HeartbeatSocket) => {
    if ((socket.pingCount ?? 0) >= maxMissed) {
      socket.terminate();
      return;
    }
    socket.pingCount = (socket.pingCount ?? 0) + 1;
    // A socket closing meanwhile throws or reports an error here; its close is handled elsewhere.
    try {
      socket.ping(undefined, undefined, ignore);
    } catch {}
  };

  const tick = () => {
    if (ticks % ticksPerRound === 0) {
      round = sockets.values();
      perTick = Math.ceil(sockets.size / ticksPerRound);
    }
    ticks++;
    if (round === null) return;
    for (let i = 0; i < perTick; i++) {
      const next = round.next();
      if (next.done) {
        round = null;
        return;
      }
      beat(next.value);
    }
  };

  const cancel = timers.every(tickMs, tick);
  return { tick, stop: cancel };
}

const realTimers = {
  every(ms: number, f: () => void): () => void {
    const t = setInterval(f, ms);
    // The heartbeat alone never keeps a process alive.
    t.unref();
    return () => clearInterval(t);
  },
};
