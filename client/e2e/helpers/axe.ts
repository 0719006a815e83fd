import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, Page, ViewportSize } from 'playwright-core';
import type { AxeResults, ImpactValue, Result } from 'axe-core';
import { resultsDir, type TestPage } from './browser.ts';
import { signedInPage } from './members.ts';

/** axe-core's own bundle, injected into the page under test as a script. */
const AXE_SOURCE = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js'),
  'utf8',
);

/**
 * Browser context options for audited pages: the server's content security policy refuses inline scripts, so the
 * context lets the test inject axe-core's source (the app's own scripts are unaffected).
 */
export const AXE_CONTEXT = { bypassCSP: true } as const;

/** The WCAG 2.0 and 2.1 levels A and AA rules. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** The impacts that fail a screen. */
const BLOCKING: readonly ImpactValue[] = ['serious', 'critical'];

/** One rule broken on one screen: its id, impact, help text and the selectors of every offending node. */
export interface Finding {
  screen: string;
  id: string;
  impact: ImpactValue | null;
  help: string;
  targets: string[];
}

/**
 * Waits until the screen has settled: nothing still loading (no spinner) and every finite animation (a dialog's
 * fade and slide, a toast) finished, so colours are measured as the member sees them.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.spinner, .button__spinner'), undefined, {
    timeout: 15_000,
  });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * axe-core cannot measure text over a gradient (it reports "incomplete", never a violation), and this theme lays
 * gradients under almost every screen: the page's glow, cards, panels and tiles. So for the audit each gradient is
 * swapped for the one solid colour of its worst point: the colour stop (laid over the element's background colour)
 * with the least contrast against the element's text colour. A decorative pseudo-element's gradient (a tile's glow)
 * is laid the same way under the children it overlaps, or under the whole element when it is not positioned.
 * Small gradient icons (a select's arrow) are left out. restoreGradients() puts every background back.
 */
function flattenGradients(): void {
  type Rgba = [number, number, number, number];
  const parse = (css: string): Rgba | null => {
    const m = /rgba?\(([^)]+)\)/.exec(css);
    if (!m) return null;
    const parts = m[1]!
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
  };
  const over = (top: Rgba, bottom: Rgba): Rgba => {
    const a = top[3] + bottom[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    const mix = (i: number) => (top[i]! * top[3] + bottom[i]! * bottom[3] * (1 - top[3])) / a;
    return [mix(0), mix(1), mix(2), a];
  };
  const luminance = ([r, g, b]: Rgba) => {
    const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const contrast = (a: Rgba, b: Rgba) => {
    const [x, y] = [luminance(a), luminance(b)];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  /** Splits a comma-separated list at the top level (not inside parentheses). */
  const layers = (list: string): string[] => {
    const out: string[] = [];
    let depth = 0;
    let start = 0;
    for (let i = 0; i < list.length; i++) {
      if (list[i] === '(') depth++;
      else if (list[i] === ')') depth--;
      else if (list[i] === ',' && depth === 0) {
        out.push(list.slice(start, i).trim());
        start = i + 1;
      }
    }
    out.push(list.slice(start).trim());
    return out;
  };
  /** The worst colour of a computed background (its colour and its gradient layers) for text of colour `ink`. */
  const worst = (style: CSSStyleDeclaration, ink: Rgba): Rgba | null => {
    if (!style.backgroundImage.includes('gradient(') || style.backgroundImage.includes('url(')) return null;
    const sizes = layers(style.backgroundSize);
    let colour = parse(style.backgroundColor) ?? [0, 0, 0, 0];
    const images = layers(style.backgroundImage);
    let changed = false;
    // The first layer is painted on top: lay them from the last up.
    for (let i = images.length - 1; i >= 0; i--) {
      const size = sizes[i % sizes.length] ?? 'auto';
      // A small gradient is an icon (a select's arrow), not under any text: it is left out.
      changed = true;
      if (/^\d+(\.\d+)?px/.test(size) && Number.parseFloat(size) < 24) continue;
      const stops = (images[i]!.match(/rgba?\([^)]+\)/g) ?? []).map((c) => parse(c)!).map((c) => over(c, colour));
      if (!stops.length) continue;
      colour = stops.reduce((a, b) => (contrast(b, ink) < contrast(a, ink) ? b : a));
    }
    return changed ? colour : null;
  };
  const rgba = (c: Rgba) => `rgba(${c[0]}, ${c[1]}, ${c[2]}, ${c[3]})`;
  const none: Rgba = [0, 0, 0, 0];
  /** The solid background each element gets for the audit. */
  const flat = new Map<HTMLElement, Rgba>();
  /** Colour laid under an element by a glow behind it (a pseudo-element of an ancestor). */
  const under = new Map<HTMLElement, Rgba>();
  const rules: string[] = [];
  let n = 0;
  // 31 characters or more: axe-core leaves so long an attribute out of the selectors it reports.
  const mark = (el: HTMLElement) => (el.dataset.axeFlat ??= `flattened-for-the-audit-${String(++n).padStart(8, '0')}`);
  const meets = (a: DOMRect, b: { left: number; top: number; right: number; bottom: number }) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('body, body *'))) {
    const style = getComputedStyle(el);
    const ink = parse(style.color) ?? [255, 255, 255, 1];
    const own = worst(style, ink);
    const below = under.get(el);
    let colour: Rgba | null = below ? over(own ?? parse(style.backgroundColor) ?? none, below) : own;
    for (const pseudo of ['::before', '::after'] as const) {
      const ps = getComputedStyle(el, pseudo);
      const glow = worst(ps, ink);
      if (!glow) continue;
      rules.push(`[data-axe-flat="${mark(el)}"]${pseudo} { background: none !important; }`);
      const host = colour ?? parse(style.backgroundColor) ?? none;
      // A positioned glow colours the children it overlaps; otherwise, or over the element's own text, all of it.
      const hasText = Array.from(el.childNodes).some((c) => c.nodeType === Node.TEXT_NODE && c.textContent?.trim());
      if ((ps.position === 'absolute' || ps.position === 'fixed') && !hasText) {
        const box = el.getBoundingClientRect();
        const left = (ps.position === 'fixed' ? 0 : box.left + el.clientLeft) + Number.parseFloat(ps.left);
        const top = (ps.position === 'fixed' ? 0 : box.top + el.clientTop) + Number.parseFloat(ps.top);
        const area = {
          left,
          top,
          right: left + Number.parseFloat(ps.width),
          bottom: top + Number.parseFloat(ps.height),
        };
        for (const child of Array.from(el.children) as HTMLElement[]) {
          if (meets(child.getBoundingClientRect(), area)) under.set(child, over(glow, under.get(child) ?? host));
        }
        // The element itself keeps its own background, made solid.
        colour = host;
      } else {
        colour = over(glow, host);
      }
    }
    if (colour) flat.set(el, colour);
  }
  for (const [el, colour] of flat)
    rules.push(`[data-axe-flat="${mark(el)}"] { background: ${rgba(colour)} !important; }`);
  const sheet = document.createElement('style');
  sheet.id = 'axe-flat-backgrounds';
  sheet.textContent = rules.join('\n');
  document.head.append(sheet);
}

/** Puts back what flattenGradients changed. */
function restoreGradients(): void {
  document.getElementById('axe-flat-backgrounds')?.remove();
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-axe-flat]'))) delete el.dataset.axeFlat;
}

/**
 * Runs axe-core's WCAG 2.1 A/AA rules on the whole document as it is now and answers every violation.
 * Third-party frames (Stripe's card field, a video host's player) are not entered; the iframe elements themselves,
 * their titles included, are still checked.
 */
async function axeViolations(page: Page, screen: string): Promise<Finding[]> {
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  await page.evaluate(flattenGradients);
  let results: AxeResults;
  try {
    results = await page.evaluate(
      // A toast fading out (Radix marks it closed) is leaving the screen: its fading colours are not what anyone reads.
      (tags) =>
        (window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResults> } }).axe.run(
          { exclude: [['.toast[data-state="closed"]']] },
          { runOnly: tags, iframes: false, resultTypes: ['violations'] },
        ),
      [...WCAG_TAGS],
    );
  } finally {
    await page.evaluate(restoreGradients);
  }
  return results.violations.map((v: Result) => ({
    screen,
    id: v.id,
    impact: v.impact ?? null,
    help: v.help,
    targets: v.nodes.map((n) => n.target.map(String).join(' >>> ')),
  }));
}

/** A readable list of findings, one rule per line with the offending nodes under it. */
export function describeFindings(findings: readonly Finding[]): string {
  return findings
    .map((f) => `[${f.screen}] ${f.id} (${f.impact}): ${f.help}\n${f.targets.map((t) => `    ${t}`).join('\n')}`)
    .join('\n');
}

/** Collects the findings of several screens; `blocking()` answers the serious and critical ones. */
export class AxeAudit {
  readonly findings: Finding[] = [];
  /** The screens audited so far, in order. */
  readonly screens: string[] = [];

  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** Audits the page as it is now, under the name `screen`. */
  async check(screen: string): Promise<void> {
    this.findings.push(...(await axeViolations(this.page, screen)));
    this.screens.push(screen);
  }

  blocking(): Finding[] {
    return this.findings.filter((f) => f.impact !== null && BLOCKING.includes(f.impact));
  }

  /** The serious and critical findings, readable; empty when there are none. */
  get report(): string {
    return describeFindings(this.blocking());
  }
}

/** Keeps every finding, minor and moderate ones too, in test-results/axe-<name>.json for people to read. */
export function saveFindings(name: string, findings: readonly Finding[]): void {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, `axe-${name}.json`), JSON.stringify(findings, null, 2));
}

/** The sizes screens are audited at: a laptop, a tablet held upright and a phone (the phase runner's 375 px). */
export const LAPTOP = { width: 1280, height: 800 } as const;
export const TABLET = { width: 768, height: 1024 } as const;
export const PHONE = { width: 375, height: 740 } as const;

/** The same sizes by name, for audits that resize one page in turn. */
export const NAMED_SIZES = [
  { name: 'desktop', ...LAPTOP },
  { name: 'tablet', ...TABLET },
] as const;

/** A page opened for an audit at one size. */
export interface AuditedPage extends TestPage {
  audit: AxeAudit;
  viewport: ViewportSize;
}

/**
 * Audits the same screens at each size in turn: a fresh page at that viewport, signed in as `account`, is handed to
 * `screens` with its own audit. Answers the audits, one a size, in order.
 */
export async function auditAtSizes(
  browser: Browser,
  sizes: readonly ViewportSize[],
  account: { email: string; password: string },
  screens: (at: AuditedPage) => Promise<void>,
): Promise<AxeAudit[]> {
  const audits: AxeAudit[] = [];
  for (const viewport of sizes) {
    const opened = await signedInPage(browser, account, { ...AXE_CONTEXT, viewport });
    const audit = new AxeAudit(opened.page);
    audits.push(audit);
    await screens({ ...opened, audit, viewport });
  }
  return audits;
}

/** The serious and critical findings of several audits, readable; empty when there are none. */
export const reportOf = (audits: readonly AxeAudit[]): string =>
  audits
    .map((a) => a.report)
    .filter(Boolean)
    .join('\n');
