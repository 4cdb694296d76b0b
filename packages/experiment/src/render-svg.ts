import type { TopLevelSpec } from 'vega-lite';

/**
 * Renders a Vega-Lite spec to SVG text without a browser or a canvas (Vega's headless 'none' renderer). Vega is
 * imported here, not at the top: it takes a third of a second to load, and only `--chart` needs it.
 */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const [{ parse, View }, { compile }] = await Promise.all([import('vega'), import('vega-lite')]);
  const view = new View(parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

export const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

