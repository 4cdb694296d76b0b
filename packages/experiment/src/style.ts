/**
 * Colours and markers every experiment chart shares. Okabe and Ito's eight colours (Color Universal Design,
 * 2008) stay apart for the common colour-vision deficiencies; black goes last, and each series also gets a marker
 * shape and a dash pattern of its own, so a chart printed in grey still tells its series apart.
 */
export const OKABE_ITO = ['#E69F00', '#56B4E9', '#009E73', '#0072B2', '#D55E00', '#CC79A7', '#F0E442', '#000000'] as const;
export const SHAPES = ['circle', 'square', 'triangle-up', 'diamond', 'cross', 'triangle-down', 'triangle-right', 'triangle-left'] as const;
export const DASHES: readonly (readonly number[])[] = [[1, 0], [6, 3], [2, 2], [8, 3, 2, 3], [4, 4], [1, 3], [10, 4], [3, 3, 1, 3]];

/** Fonts large enough for a chart printed at its size (Vega's default is 10–11 px). */
export const CHART_CONFIG = {
  font: 'sans-serif',
  axis: { labelFontSize: 12, titleFontSize: 13 },
  legend: { labelFontSize: 12, titleFontSize: 13, symbolSize: 120 },
  header: { labelFontSize: 13, titleFontSize: 13 },
  title: { fontSize: 15, subtitleFontSize: 12 },
} as const;

/** The same colour, shape and dash for the same series in every panel, in the order the series are listed. */
export function seriesScales(series: readonly string[]) {
  const pick = <T>(list: readonly T[]) => series.map((_, i) => list[i % list.length]!);
  return {
    color: { domain: [...series], range: pick(OKABE_ITO) },
    shape: { domain: [...series], range: pick(SHAPES) },
    strokeDash: { domain: [...series], range: pick(DASHES).map((d) => [...d]) },
  };
}

/**
 * A title's lines wrapped to about `width` points (at the subtitle's 12 px, at most 8 points a character as Vega
 * measures text where no canvas is; 10 for the title's 15 px bold), so that a chart is as wide as its plot, never
 * widened by a long sentence.
 */
export function wrapped(lines: readonly string[], width: number, pointsPerCharacter = 8): string[] {
  const most = Math.max(30, Math.floor(width / pointsPerCharacter));
  return lines.flatMap((line) => {
    const out: string[] = [];
    let current = '';
    for (const word of line.split(' ')) {
      if (current !== '' && current.length + 1 + word.length > most) {
        out.push(current);
        current = word;
      } else current = current === '' ? word : `${current} ${word}`;
    }
    if (current !== '') out.push(current);
    return out;
  });
}
