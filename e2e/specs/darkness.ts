/**
 * What the dark-mode pass (dark-mode.spec.ts) measures on a screen, run in the browser with
 * `page.evaluate(measureDarkness)`: self-contained, as it is sent to the page as source.
 */

/** What the page measures as wrong in dark mode, each naming the element. */
export type Findings = { page: string; cards: string[]; patches: string[]; unreadable: string[] };

/**
 * Measures the screen in the browser. Colours are composited over what lies behind them (antd's
 * fills are translucent); luminance is WCAG's relative luminance (0 black … 1 white).
 */
export function measureDarkness(): Findings {
  type Rgba = [number, number, number, number];
  const parse = (css: string): Rgba | undefined => {
    const numbers = css.match(/[\d.]+/g)?.map(Number);
    if (!numbers || numbers.length < 3 || !/^rgba?\(/.test(css)) return undefined;
    return [numbers[0]!, numbers[1]!, numbers[2]!, numbers[3] ?? 1];
  };
  const over = (top: Rgba, under: Rgba): Rgba => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i]! * a + under[i]! * (1 - a)).concat(1) as Rgba;
  };
  const luminance = ([r, g, b]: Rgba) => {
    const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const contrast = (a: Rgba, b: Rgba) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light! + 0.05) / (dark! + 0.05);
  };
  const WHITE: Rgba = [255, 255, 255, 1];
  /** The colour an element's box shows: its own background over its ancestors' (the canvas is white). */
  const backdrop = (element: Element | null): Rgba => {
    const layers: Rgba[] = [];
    for (let at = element; at; at = at.parentElement) {
      const colour = parse(getComputedStyle(at).backgroundColor);
      if (colour && colour[3] > 0) layers.push(colour);
      if (colour && colour[3] >= 1) break;
    }
    return layers.reduceRight<Rgba>((under, top) => over(top, under), WHITE);
  };
  const name = (element: Element) => {
    const testId = element.closest('[data-testid]')?.getAttribute('data-testid');
    const classes = String(element.getAttribute('class') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 3)
      .join('.');
    return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${testId ? ` in [data-testid=${testId}]` : ''}`;
  };
  const visible = (element: Element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && Number(style.opacity) > 0.1;
  };
  const DARK = 0.06;
  const LIGHT = 0.4;
  const findings: Findings = { page: '', cards: [], patches: [], unreadable: [] };

  const body = backdrop(document.body);
  if (luminance(body) > DARK) findings.page = `body ${getComputedStyle(document.body).backgroundColor}`;
  const content = document.querySelector('.ant-layout-content') ?? document.querySelector('main') ?? document.body;
  if (luminance(backdrop(content)) > DARK) findings.page += ` content ${name(content)}`;

  for (const card of Array.from(
    document.querySelectorAll('.ant-card, .ant-table, .ant-descriptions, .ant-tabs, .ant-tree'),
  )) {
    if (visible(card) && luminance(backdrop(card)) > DARK) findings.cards.push(name(card));
  }
  for (const element of Array.from(document.querySelectorAll('body *'))) {
    if (!visible(element)) continue;
    const box = element.getBoundingClientRect();
    // Large: a panel, a table cell, a chart's plot — not a badge or a dot.
    if (box.width * box.height >= 4000) {
      const isShape = element instanceof SVGGeometryElement;
      const own = parse(isShape ? getComputedStyle(element).fill : getComputedStyle(element).backgroundColor);
      if (own && own[3] > 0.5) {
        const shown = isShape ? over(own, backdrop(element.closest('svg'))) : backdrop(element);
        if (luminance(shown) > LIGHT)
          findings.patches.push(`${name(element)} ${isShape ? 'fill' : 'background'} ${own.join(',')}`);
      }
    }
    // Text that vanishes into what lies behind it (dim disabled text still passes: below 1.8 is unreadable).
    const hasText = Array.from<Node>(element.childNodes).some(
      (node) => node.nodeType === 3 && node.textContent?.trim(),
    );
    if (!hasText) continue;
    const svgText = element instanceof SVGTextContentElement;
    const ink = parse(svgText ? getComputedStyle(element).fill : getComputedStyle(element).color);
    if (!ink) continue;
    // An svg text sits on what is drawn under it: the shape it labels, else the svg's box.
    const under = svgText
      ? (() => {
          const shape = Array.from(element.closest('svg')?.querySelectorAll('rect, path, circle') ?? [])
            .filter((candidate) => {
              const area = candidate.getBoundingClientRect();
              const text = element.getBoundingClientRect();
              const [x, y] = [text.x + text.width / 2, text.y + text.height / 2];
              return area.left <= x && x <= area.right && area.top <= y && y <= area.bottom;
            })
            .map((candidate) => parse(getComputedStyle(candidate).fill))
            .filter((fill): fill is Rgba => !!fill && fill[3] > 0.3)
            .pop();
          const svgBackdrop = backdrop(element.closest('svg'));
          return shape ? over(shape, svgBackdrop) : svgBackdrop;
        })()
      : backdrop(element);
    if (contrast(over(ink, under), under) < 1.8) {
      findings.unreadable.push(`${name(element)} "${element.textContent?.trim().slice(0, 20)}" ${ink.join(',')}`);
    }
  }
  for (const list of ['cards', 'patches', 'unreadable'] as const)
    findings[list] = [...new Set(findings[list])].slice(0, 8);
  return findings;
}
