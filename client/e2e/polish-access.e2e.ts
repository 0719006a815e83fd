/**
 * Feature access in three states, in Chromium: on a Superhuman member's edit screen every feature follows the plan
 * (no ticked boxes); by keyboard the admin forces the Superhuman channel off, and the member's channel menu locks it;
 * then back to the plan, and it opens again. Screenshots at 390, 768 and 1280 px; axe-core finds nothing serious.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN } from './helpers/accounts.ts';
import { AXE_CONTEXT, AxeAudit } from './helpers/axe.ts';
import { useBrowser } from './helpers/browser.ts';
import { adminToken, api, createMember, signedInPage, userIdOf } from './helpers/members.ts';
import { settled, visit } from './helpers/screens.ts';

const b = useBrowser();

/** The member's Superhuman tile on the channel menu, read after a reload (the app asks who they are at start-up). */
async function superhumanTile(page: Page) {
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Channels' }).waitFor();
  const tile = page.locator('.tile', { hasText: 'Superhuman' });
  await tile.waitFor();
  return { locked: (await tile.getByText('Upgrade').count()) > 0, href: await tile.getAttribute('href') };
}

/**
 * An arrow key held as a person holds it: the radio group moves focus a tick after the key goes down and chooses the
 * radio it lands on only while the key is still down (a press of no length can lift it first).
 */
async function arrow(page: Page, key: 'ArrowLeft' | 'ArrowRight', lands: string) {
  await page.keyboard.down(key);
  await page.waitForFunction((name) => document.activeElement?.textContent === name, lands);
  await page.keyboard.up(key);
}

describe('feature access, in Chromium', () => {
  it('forces a channel off and back to the plan; the member side follows', { timeout: 180_000 }, async () => {
    const member = await createMember({ setupDone: true, planId: 3, channelId: 2 });
    const memberId = await userIdOf(member);
    const m = await signedInPage(b.browser, member);
    await visit(m.page, '/channel-menu', 'Channels');
    expect(await superhumanTile(m.page)).toMatchObject({ locked: false });

    const { page, screenshot } = await signedInPage(b.browser, E2E_ADMIN, AXE_CONTEXT);
    const audit = new AxeAudit(page);
    await visit(page, `/admin/user/${memberId}/edit`, `Edit ${member.name}`);
    const panel = page.locator('section.panel', { has: page.getByRole('heading', { name: 'Feature access' }) });
    const channel = panel.getByRole('radiogroup', { name: 'Superhuman channel' });
    const item = panel.locator('.access-item', { has: page.getByRole('radiogroup', { name: 'Superhuman channel' }) });
    const chosen = () => channel.getByRole('radio', { checked: true }).textContent();
    expect(await panel.getByRole('checkbox').count()).toBe(0);
    expect(await panel.getByRole('radio', { name: /^Plan \((on|off) now\)$/, checked: true }).count()).toBe(4);
    expect(await chosen()).toBe('Plan (on now)');

    // By keyboard: Tab reaches the chosen setting, and the arrow to the left wraps round to Off.
    await panel.getByRole('radiogroup', { name: 'Warrior channel' }).getByRole('radio', { checked: true }).focus();
    await page.keyboard.press('Tab');
    expect(await channel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await arrow(page, 'ArrowLeft', 'Off');
    await item.getByText('Closed now').waitFor();
    expect(await chosen()).toBe('Off');
    await item.getByText('Closed whatever the plan.').waitFor();
    // Macros follow the plan, but the plan's macros need the channel just closed: the line says so.
    await panel.getByText('Shown to Superhuman members. Closed now: the Superhuman channel is closed.').waitFor();
    expect(await superhumanTile(m.page)).toEqual({ locked: true, href: expect.stringContaining('upgrade') });
    await m.screenshot('j-access-member-superhuman-off');

    for (const width of [1280, 768, 390]) {
      await page.setViewportSize({ width, height: 1024 });
      await settled(page);
      await item.scrollIntoViewIfNeeded();
      await screenshot(`j-access-forced-off-${width}`);
      if (width !== 390) await audit.check(`${width} forced off`);
    }

    // Back to the plan: the arrow to the right wraps round to Plan, which the member's plan opens.
    await page.setViewportSize({ width: 1280, height: 1024 });
    await channel.getByRole('radio', { checked: true }).focus();
    await arrow(page, 'ArrowRight', 'Plan (on now)');
    await item.getByText('Open now').waitFor();
    expect(await chosen()).toBe('Plan (on now)');
    await item.getByText('Open on the Superhuman plan.').waitFor();
    expect(await superhumanTile(m.page)).toMatchObject({ locked: false });
    const record = await api(`/admin/admin/${memberId}`, { token: await adminToken() });
    expect(record.json.data.access_overrides).toEqual({});
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 1024 });
      await settled(page);
      await screenshot(`j-access-plan-${width}`);
      await audit.check(`${width} back to plan`);
    }
    expect(audit.report).toBe('');
  });
});
