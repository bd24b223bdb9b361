/**
 * A loopback TCP relay in front of the server whose link can be cut, as a lost wifi connection would:
 * cutting destroys every open connection and turns new ones away until it is restored.
 */
import { connect, createServer, type Socket } from 'node:net';

export interface Relay {
  port: number;
  base: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startRelay(targetPort: number): Promise<Relay> {
  let down = false;
  const open = new Set<Socket>();
  const server = createServer((inbound) => {
    if (down) {
      inbound.destroy();
      return;
    }
    const outbound = connect(targetPort, '127.0.0.1');
    for (const s of [inbound, outbound]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => {
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.pipe(outbound);
    outbound.pipe(inbound);
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    cut() {
      down = true;
      for (const s of open) s.destroy();
    },
    restore() {
      down = false;
    },
    close() {
      down = true;
      for (const s of open) s.destroy();
      return new Promise((r) => server.close(() => r()));
    },
  };
}
