import { describe, expect, it } from 'vitest';
import { renamedPlanName } from '@evolution/shared';
import { renameNote } from './channelRename.ts';

const plan = (id: number, name: string) => ({
  id,
  name,
  amount: 29.99,
  amount_pence: 2999,
  duration: '1 month',
  active: true,
  purchasable: true,
  subscribers: 0,
});
const warrior = {
  name: 'Warrior',
  plans: [plan(1, 'Warrior monthly'), plan(2, 'Warrior yearly'), plan(7, 'Founders')],
};

describe('a channel rename and its plans', () => {
  it('renames the plans named after the channel, and only those', () => {
    expect(renamedPlanName('Warrior monthly', 'Warrior', 'Spartan')).toBe('Spartan monthly');
    expect(renamedPlanName('Warrior', 'Warrior', 'Spartan')).toBe('Spartan');
    expect(renamedPlanName('Warriors monthly', 'Warrior', 'Spartan')).toBeNull();
    expect(renamedPlanName('Founders', 'Warrior', 'Spartan')).toBeNull();
    expect(renamedPlanName('Warrior monthly', 'Warrior', 'Warrior')).toBeNull();
    expect(renamedPlanName('Warrior monthly', 'Warrior', 'S'.repeat(255))).toHaveLength(255);
  });

  it('says by the name field what a save would rename', () => {
    expect(renameNote(warrior, 'Warrior')).toBe(
      'Plans named after the channel are renamed with it; subscribers keep their plans.',
    );
    expect(renameNote(warrior, '  Spartan ')).toBe(
      'Saving renames its plans too: Warrior monthly becomes Spartan monthly, Warrior yearly becomes Spartan yearly. Subscribers keep their plans.',
    );
    expect(renameNote(warrior, '')).toBe(
      'Plans named after the channel are renamed with it; subscribers keep their plans.',
    );
  });
});
