import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@evolution/shared';
import {
  AccessChoices,
  accessNote,
  accessSetting,
  openIn,
  SETTING_VALUE,
  type AccessChoicesProps,
} from './AccessPanel.tsx';

type Maps = Pick<AdminUser, 'access' | 'access_overrides' | 'access_plan'>;

/** A member without a plan: nothing open, nothing forced. */
const noPlan: Maps = {
  access: { evolution_page: false, warrior_channel: false, superhuman_channel: false, immortal_channel: false },
  access_overrides: {},
  access_plan: { evolution_page: false, warrior_channel: false, superhuman_channel: false, immortal_channel: false },
};

/** A calibrated superhuman member whose macros an admin forced off and whose warrior channel is forced on. */
const superhuman: Maps = {
  access: {
    evolution_page: true,
    micro_data: false,
    warrior_channel: true,
    superhuman_channel: true,
    immortal_channel: false,
  },
  access_overrides: { micro_data: false, warrior_channel: true },
  access_plan: { evolution_page: true, warrior_channel: true, superhuman_channel: true, immortal_channel: false },
};

const renderChoices = (user: Maps, saving: AccessChoicesProps['saving'] = null) => {
  const onChoose = vi.fn<AccessChoicesProps['onChoose']>();
  const view = render(<AccessChoices user={user} saving={saving} onChoose={onChoose} />);
  return { onChoose, ...view };
};

const group = (name: string) => screen.getByRole('radiogroup', { name });
const checked = (name: string) => within(group(name)).getByRole('radio', { checked: true }).textContent;

describe('the feature-access settings', () => {
  it('read a missing override as the plan, and send null to go back to it', () => {
    expect(accessSetting(superhuman, 'micro_data')).toBe('off');
    expect(accessSetting(superhuman, 'warrior_channel')).toBe('on');
    expect(accessSetting(superhuman, 'evolution_page')).toBe('plan');
    expect(SETTING_VALUE).toEqual({ plan: null, on: true, off: false });
  });

  it('open macros only with the superhuman channel, and say why a forced-on feature is still closed', () => {
    expect(openIn(superhuman.access_plan, 'micro_data')).toBe(true);
    expect(openIn(superhuman.access, 'micro_data')).toBe(false);
    expect(openIn({ superhuman_channel: false }, 'micro_data')).toBe(false);
    expect(accessNote(noPlan, 'warrior_channel', 'on')).toBe('Open on any active plan. Closed now: no active plan.');
    expect(accessNote(noPlan, 'micro_data', 'on')).toMatch(/Closed now: the Superhuman channel is closed\.$/);
    expect(accessNote(superhuman, 'warrior_channel', 'on')).toBe('Open on any active plan.');
    expect(accessNote(noPlan, 'evolution_page', 'off')).toBe('Closed whatever the plan.');
    expect(accessNote(noPlan, 'superhuman_channel', 'plan')).toBe('Open on the Superhuman plan.');
    const channelOff = { ...superhuman, access: { ...superhuman.access, micro_data: true, superhuman_channel: false } };
    expect(accessNote(channelOff, 'micro_data', 'plan')).toBe(
      'Shown to Superhuman members. Closed now: the Superhuman channel is closed.',
    );
  });
});

describe('the feature-access panel', () => {
  it('shows a member without a plan every feature on Plan (off now), closed, with nothing ticked', () => {
    const { container } = renderChoices(noPlan);
    expect(container.querySelectorAll('input[type=checkbox]')).toHaveLength(0);
    for (const name of ['Evolution chamber', 'Customised macros', 'Warrior channel', 'Superhuman channel'])
      expect(checked(name)).toBe('Plan (off now)');
    expect(screen.getAllByText('Closed now')).toHaveLength(4);
    expect(screen.queryByText('Open now')).toBeNull();
  });

  it("shows each flag's setting, what the plan gives and what the member gets now", () => {
    renderChoices(superhuman);
    expect(checked('Customised macros')).toBe('Off');
    expect(within(group('Customised macros')).getByRole('radio', { name: 'Plan (on now)' })).toBeTruthy();
    expect(checked('Warrior channel')).toBe('On');
    expect(checked('Evolution chamber')).toBe('Plan (on now)');
    const macros = group('Customised macros').closest('li')!;
    expect(within(macros as HTMLElement).getByText('Closed now')).toBeTruthy();
    expect(group('Customised macros').getAttribute('aria-describedby')).toBe('access-micro_data-hint');
    expect(document.getElementById('access-micro_data-hint')!.textContent).toBe('Closed whatever the plan.');
  });

  it('asks for a change by click and by the arrow keys, and shows the choice on its way at once', async () => {
    const { onChoose, rerender } = renderChoices(superhuman);
    fireEvent.click(within(group('Customised macros')).getByRole('radio', { name: 'Plan (on now)' }));
    expect(onChoose).toHaveBeenLastCalledWith('micro_data', 'plan');

    const on = within(group('Warrior channel')).getByRole('radio', { name: 'On' });
    act(() => on.focus());
    fireEvent.keyDown(on, { key: 'ArrowRight' });
    // The roving focus moves on the next tick; the radio it lands on is chosen.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Off'));
    expect(onChoose).toHaveBeenLastCalledWith('warrior_channel', 'off');

    rerender(
      <AccessChoices user={superhuman} saving={{ flag: 'warrior_channel', setting: 'off' }} onChoose={onChoose} />,
    );
    expect(checked('Warrior channel')).toBe('Off');
    expect(within(group('Warrior channel').closest('li') as HTMLElement).getByText('Saving…')).toBeTruthy();

    // Another change waits for that one's answer: nothing is asked, nothing moves.
    onChoose.mockClear();
    expect(group('Customised macros').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(within(group('Customised macros')).getByRole('radio', { name: 'On' }));
    expect(onChoose).not.toHaveBeenCalled();
    expect(checked('Customised macros')).toBe('Off');
  });
});
