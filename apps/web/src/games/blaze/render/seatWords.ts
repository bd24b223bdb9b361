/**
 * A seat's feathers in words: how many it won and what they are worth. Pure, so the tests can check it.
 * The box once wrote the feathers' total value as if it were their number ("4 feathers" for two
 * feathers worth 3 and 1; on a phone a 4 beside one feather icon, issue #40): a feather is a card
 * with a value (R10.3), so both numbers are said, each with its unit.
 */
import { type Lang, t, tn } from '../../../shell/host.js';

export interface FeatherWords {
  /** How many feather cards the seat won. */
  readonly count: number;
  /** Their value added up: what they score. */
  readonly points: number;
  /** Both, in words: "2 feathers (4 points)". */
  readonly long: string;
  /** The points alone, short, for a phone's box that shows the count beside a feather icon: "(4 pt)". */
  readonly pointsShort: string;
}

export function featherWords(values: readonly number[], l?: Lang): FeatherWords | null {
  if (values.length === 0) return null;
  const points = values.reduce((a, v) => a + v, 0);
  return {
    count: values.length,
    points,
    long: t(
      'seat.featherScore',
      { feathers: tn('seat.feathers', values.length, {}, l), points: tn('seat.points', points, {}, l) },
      l,
    ),
    pointsShort: t('seat.pointsShort', { n: points }, l),
  };
}
