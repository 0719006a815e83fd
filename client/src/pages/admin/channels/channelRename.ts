import { renamedPlanName, type AdminChannel } from '@evolution/shared';

/**
 * What a rename changes, by the name field: the plans named after the channel follow it (the server renames them in
 * the same save); subscribers keep their plans and prices.
 */
export function renameNote(channel: Pick<AdminChannel, 'name' | 'plans'>, name: string): string {
  const next = name.trim();
  const renamed = channel.plans.flatMap((p) => {
    const to = next ? renamedPlanName(p.name, channel.name, next) : null;
    return to === null ? [] : [`${p.name} becomes ${to}`];
  });
  if (renamed.length) return `Saving renames its plans too: ${renamed.join(', ')}. Subscribers keep their plans.`;
  return 'Plans named after the channel are renamed with it; subscribers keep their plans.';
}
