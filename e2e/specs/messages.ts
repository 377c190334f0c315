import { expect, type Page } from '@playwright/test';

/** What a page's `message` (antd's toasts) said, in order, recorded as each appears: kept after it closes. */
type Announced = { kind: string; text: string };
declare global {
  interface Window {
    __armatureMessages?: Announced[];
  }
}

/**
 * Installed in every page before the app's own scripts (fixtures.ts adds it to each test's browser context): a
 * message lives 3 s, and on a busy machine it has been gone before a look for it (twice at load 30 and more), so a
 * test reads what was announced from this record instead of racing the toast on the screen.
 */
export function recordMessages() {
  const seen: Announced[] = [];
  window.__armatureMessages = seen;
  const lastText = new WeakMap<Element, string>();
  const kinds = ['success', 'error', 'warning', 'info', 'loading'];
  const record = (notice: Element) => {
    const text = notice.textContent ?? '';
    if (!text || lastText.get(notice) === text) return;
    lastText.set(notice, text);
    const kind = kinds.find((k) => notice.querySelector(`.ant-message-${k}`)) ?? '';
    seen.push({ kind, text });
  };
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      const target = mutation.target instanceof Element ? mutation.target : mutation.target.parentElement;
      const notice = target?.closest('.ant-message-notice');
      if (notice) record(notice);
      for (const node of Array.from(mutation.addedNodes)) {
        if (!(node instanceof Element)) continue;
        if (node.matches('.ant-message-notice')) record(node);
        node.querySelectorAll('.ant-message-notice').forEach(record);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

async function messagesOf(page: Page): Promise<Announced[]> {
  const messages = await page.evaluate(() => window.__armatureMessages);
  if (!messages) throw new Error('no message record in this page: open it in a context of the test fixtures');
  return messages;
}

/** How many messages the page has announced so far: `announced(…, { after })` then reads only later ones. */
export async function messageMark(page: Page): Promise<number> {
  return (await messagesOf(page)).length;
}

/**
 * Waits until the page has announced a message matching `text` (of `kind` when given: success, error, warning…),
 * since its document loaded or after `after` (a `messageMark`), and answers the message's text (for a RegExp its whole
 * match, e.g. a document code).
 */
export async function announced(
  page: Page,
  text: string | RegExp,
  { kind, after = 0 }: { kind?: string; after?: number } = {},
): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        for (const message of (await messagesOf(page)).slice(after).toReversed()) {
          if (kind && message.kind !== kind) continue;
          const match =
            typeof text === 'string' ? message.text.includes(text) && message.text : text.exec(message.text)?.[0];
          if (match) return (found = match);
        }
        return (found = '');
      },
      { message: `a message saying ${String(text)}` },
    )
    .not.toBe('');
  return found;
}
