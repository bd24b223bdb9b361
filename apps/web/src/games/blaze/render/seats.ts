/**
 * The seat boxes: name, presence, cards and feathers, role and state, the bet placed. Each box is
 * drawn anew only when what it shows changed (keyed by its content), so a patch that moves cards
 * leaves the seats alone.
 */
import type { Seat } from '@blaze/rules';
import { Container, Graphics, Text, type TextStyleOptions } from 'pixi.js';
import { fitText, MIN_TEXT_PX } from '../../../kit/fit.js';
import { featherToken, TEXT } from '../../../kit/tokens.js';
import type { Region } from '../../../kit/types.js';
import type { ClientTable } from '../../../shell/host.js';
import { t, tn } from '../../../shell/host.js';
import { roleOf } from '../logic/highlights.js';
import type { Layout } from './layout.js';
import { featherWords } from './seatWords.js';

export class Seats {
  readonly layer = new Container();
  private cache = new Map<Seat, { key: string; box: Container }>();

  /** Each drawn box and the seat it belongs to (`seat-<n>`), for the layout checks. */
  owners(): Map<Container, string> {
    const out = new Map<Container, string>();
    for (const [seat, c] of this.cache) out.set(c.box, `seat-${seat}`);
    return out;
  }

  /** Draws each seat box anew only when what it shows changed; answers the boxes' regions. */
  draw(L: Layout, tb: ClientTable, me: Seat): Region[] {
    const regions: Region[] = [];
    const v = tb.view;
    if (!v) return regions;
    const seen = new Set<Seat>();
    for (let seat = 0; seat < v.players; seat++) {
      const p = L.seats[seat];
      const info = tb.seats[seat];
      if (!p || !info) continue;
      seen.add(seat);
      const role = v.out.includes(seat) ? 'out' : roleOf(tb, seat);
      const feathers = v.feathers.filter((f) => f.seat === seat);
      const state =
        seat === v.target && v.targetPassed
          ? 'passed'
          : v.standing.includes(seat) && role !== 'none' && role !== 'out'
            ? 'done'
            : '';
      const bet = v.bets.find((b) => b.by === seat && b.round === v.round);
      const betText: BetText | null = bet
        ? {
            word: t('seat.bet'),
            on: tb.seats[bet.on]?.name ?? '?',
            value: bet.value !== null ? ` (${bet.value})` : '',
          }
        : null;
      regions.push({
        kind: 'seat',
        id: `seat-${seat}`,
        x: p.x - L.seatBox.w / 2,
        y: p.y - L.seatBox.h / 2,
        w: L.seatBox.w,
        h: L.seatBox.h,
      });
      const key = JSON.stringify([
        betText,
        L.w,
        L.h,
        p.x,
        p.y,
        info.name,
        info.connected,
        info.bot,
        v.handCounts[seat],
        feathers.map((f) => f.value),
        role,
        state,
        seat === me,
        t('role.active'),
      ]);
      const cached = this.cache.get(seat);
      if (cached && cached.key === key) continue;
      cached?.box.destroy({ children: true });
      const box = seatBox(L, tb, seat, role, state, feathers, v.handCounts[seat] ?? 0, seat === me, betText);
      box.position.set(p.x, p.y);
      this.layer.addChild(box);
      this.cache.set(seat, { key, box });
    }
    for (const [seat, c] of this.cache) {
      if (!seen.has(seat)) {
        c.box.destroy({ children: true });
        this.cache.delete(seat);
      }
    }
    return regions;
  }
}

/** A seat's bet: the word, whom it is on, its value where the reader may see it (' (1)', or ''). */
interface BetText {
  word: string;
  on: string;
  value: string;
}

/** A Text of the form `fitText` picks for `room`, at its scale. */
function fitted(forms: [string, string][], room: number, style: TextStyleOptions): Text {
  const tx = new Text({ text: '', style });
  const f = fitText(forms, room, Number(style.fontSize), (text) => {
    tx.text = text;
    return tx.width;
  });
  tx.text = f.text;
  tx.scale.set(f.scale);
  return tx;
}

const ROLE_COLOR: Record<string, number> = { active: 0xe8532f, target: 0x3d8bfd, supporter: 0x9b59d0, out: 0x777777 };

function seatBox(
  L: Layout,
  tb: ClientTable,
  seat: Seat,
  role: string,
  state: string,
  feathers: { value: number }[],
  handCount: number,
  mine: boolean,
  betText: BetText | null,
): Container {
  const info = tb.seats[seat];
  const { w, h } = L.seatBox;
  const c = new Container();
  const bg = new Graphics()
    .roundRect(-w / 2, -h / 2, w, h, 8)
    .fill({ color: mine ? 0x20342c : 0x1b2a24, alpha: 0.92 })
    .stroke({ width: role === 'none' ? 1 : 3, color: ROLE_COLOR[role] ?? 0x5d7a6e });
  c.addChild(bg);
  const fs = L.narrow ? 11 : 14;
  const dot = new Graphics()
    .circle(-w / 2 + 9, -h / 2 + 11, 4)
    .fill({ color: info?.connected || info?.bot ? 0x4cd964 : 0xff5f57 });
  c.addChild(dot);
  // A short box has no line of its own for the role: its pill ends the name's line.
  const pillW = L.twoLineBoxes ? rolePill(c, L, role, state, fs) : 0;
  // A name shrinks to fit (24 characters at most, by the join form); only past the smallest readable
  // size is it cut (the seat's explainer says it whole).
  const nameRoom = w - 20 - (pillW > 0 ? pillW + 6 : 0);
  const name = fitted([[info?.name ?? '?', '']], nameRoom, { ...TEXT, fontSize: fs, fontWeight: '700' });
  name.position.set(-w / 2 + 17, -h / 2 + (L.twoLineBoxes ? 2 : 3));
  c.addChild(name);
  const won = featherWords(feathers.map((f) => f.value));
  // Away within their grace, only the clocks act for them; past it the bot plays their seat.
  const offline = info && !info.connected && !info.bot ? t(info.standIn ? 'seat.standIn' : 'seat.offline') : '';
  // The name says who plays; the bot's own tag is in the lobby ("Bot 1 · bot" said it twice).
  const line2 = [tn('seat.cards', handCount), won?.long ?? '', offline].filter(Boolean).join(' · ');
  const l2y = -h / 2 + (L.twoLineBoxes ? 16 : fs + 7);
  const l2 = new Text({ text: line2, style: { ...TEXT, fontSize: fs - 2 } });
  // A low box has no line for the bet: it follows the counts, drawn small (icons) to leave it room.
  const betOnCounts = L.lowBoxes && betText !== null;
  let l2End = -w / 2 + 6;
  if ((l2.width <= w - 10 || !L.narrow) && !betOnCounts) {
    l2.position.set(-w / 2 + 6, l2y);
    if (l2.width > w - 10) l2.scale.set((w - 10) / l2.width);
    c.addChild(l2);
  } else {
    // A phone's seat box is too narrow for the words at a readable size: a card and a feather, counted.
    l2.destroy();
    let x = -w / 2 + 6;
    const count = (n: number) => {
      const tx = new Text({ text: String(n), style: { ...TEXT, fontSize: fs - 1, fontWeight: '700' } });
      tx.position.set(x, l2y - 1);
      c.addChild(tx);
      x += tx.width + 7;
    };
    c.addChild(
      new Graphics()
        .roundRect(x, l2y + 1, 7, 10, 1.5)
        .fill({ color: 0x8a2a1c })
        .stroke({ width: 1, color: 0xf4efe2 }),
    );
    x += 10;
    count(handCount);
    if (won) {
      const f = featherToken(null, 5);
      f.position.set(x + 3, l2y + 6);
      c.addChild(f);
      x += 9;
      count(won.count);
      // The count beside the icon, then what they score, so neither number passes for the other; as
      // small as the line's other words, never smaller (the readable minimum, tests/support/screens.ts).
      const pts = new Text({ text: won.pointsShort, style: { ...TEXT, fontSize: fs - 2 } });
      pts.position.set(x - 5, l2y);
      c.addChild(pts);
      x += pts.width + 2;
    }
    if (offline) {
      const tx = fitted([[offline, '']], (betOnCounts ? 0 : w / 2) - 4 - x, { ...TEXT, fontSize: fs - 2 });
      tx.position.set(x, l2y);
      c.addChild(tx);
      x += tx.width + 7;
    }
    l2End = x;
  }
  if (betText) {
    // Too long for a phone's box: the arrow in the bet's colour says it without the word, then the
    // name is cut ('Wetten → Bot 1 (1)' was shrunk to 7 px in a 360 px phone's box of five players).
    const { word, on, value } = betText;
    const forms: [string, string][] = [
      [`${word} → ${on}`, value],
      [`→ ${on}`, value],
    ];
    const l3x = betOnCounts ? l2End + 2 : -w / 2 + 6;
    const l3 = fitted(forms, w / 2 - 4 - l3x, { ...TEXT, fontSize: fs - 2, fill: 0xffd54a });
    l3.position.set(l3x, betOnCounts ? l2y : -h / 2 + (L.twoLineBoxes ? 27 : 2 * fs + 7));
    c.addChild(l3);
  }
  if (!L.twoLineBoxes) rolePill(c, L, role, state, fs);
  return c;
}

/**
 * The role and state in a coloured pill: at the bottom left of the box, or on a short box at the end
 * of the name's line (at most half the box wide there). Answers the pill's width (0: none).
 */
function rolePill(c: Container, L: Layout, role: string, state: string, fs: number): number {
  if (role === 'none' && !state) return 0;
  const { w, h } = L.seatBox;
  const label = [
    role !== 'none' ? t(`role.${role}` as 'role.active') : '',
    state ? t(`seat.${state}` as 'seat.passed') : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const style = { ...TEXT, fontSize: fs - 2, fontWeight: '700', fill: 0xffffff } as const;
  // On a two-line box the pill ends the name's line, half the box; a little more where its word would
  // shrink below MIN_TEXT_PX ('supporter' at 8.9 px in the guided game at 568x320), the name keeping 50 px.
  const words = new Text({ text: label, style });
  const wanted = (words.width * MIN_TEXT_PX) / (fs - 2) + 10;
  words.destroy();
  const room = L.twoLineBoxes ? Math.max(w / 2, Math.min(w - 50, wanted)) : w - 8;
  // Too long for a phone's box at a readable size: the pill's colour names the role, the word the state.
  const forms: [string, string][] = [[label, '']];
  if (state && role !== 'none') forms.push([t(`seat.${state}` as 'seat.passed'), '']);
  const badge = fitted(forms, room - 10, style);
  const bw = Math.min(room, badge.width + 10);
  const x = L.twoLineBoxes ? w / 2 - 4 - bw : -w / 2 + 4;
  const y = L.twoLineBoxes ? -h / 2 + 3 : h / 2 - fs - 6;
  c.addChild(new Graphics().roundRect(x, y, bw, fs + 3, 6).fill({ color: ROLE_COLOR[role] ?? 0x555555 }));
  badge.position.set(x + 5, y + 1);
  c.addChild(badge);
  return bw;
}
