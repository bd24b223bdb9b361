/** Chat news (issue #40, finding 4): lines from others since the last look; not the backlog, not one's own. */
import { describe, expect, it } from 'vitest';
import { chatNews } from '../src/shell/logic/chatCue.js';
import { type ChatEntry, type ClientTable, emptyTable } from '../src/shell/store/snapshot.js';

const line = (seq: number, name: string, seat: number, text = 'hi'): ChatEntry => ({ seq, at: seq, name, seat, text });
const table = (mySeat: number, chat: ChatEntry[]): ClientTable => ({ ...emptyTable(), mySeat, chat });

describe('chat news', () => {
  it('keeps the backlog found on arrival quiet', () => {
    const tb = table(0, [line(1, 'Ana', 1), line(2, 'Bo', 2)]);
    expect(chatNews(tb, null, 'Host')).toEqual({ lines: [], seq: 2 });
  });

  it("gives a spectator's hello to the host, and not the host's own line", () => {
    const tb = table(0, [line(1, 'Ana', 1), line(2, 'Host', 0, 'mine'), line(3, 'Watcher', -1, 'hello')]);
    const news = chatNews(tb, 1, 'Host');
    expect(news.lines.map((c) => c.text)).toEqual(['hello']);
    expect(news.seq).toBe(3);
    expect(chatNews(tb, 3, 'Host').lines).toEqual([]);
  });

  it("tells a watcher's own line from another watcher's by name", () => {
    const tb = table(-1, [line(1, 'Vi', -1, 'mine'), line(2, 'Wu', -1, 'theirs'), line(3, 'Ana', 0, 'seated')]);
    expect(chatNews(tb, 0, 'Vi').lines.map((c) => c.text)).toEqual(['theirs', 'seated']);
  });
});
