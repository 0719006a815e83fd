import { readFailure } from '../../../api/errors.ts';
import { toast } from '../../../components/ui/notifier.ts';
import { REPS_OR_TIME, TOAST_MS } from '@evolution/shared/constants';
import type { AdminForm } from '@evolution/shared';

/** The list of form groups, where the form screens lead back to. */
export const FORM_GROUP_LIST = '/admin/form_group_management';
/** The ladder (forms) of one group. */
export const ladderPath = (groupId: number | string) => `/admin/form_group/${groupId}/form_management`;

/**
 * The catalogue keeps a 409 silent, but a refused delete (a group in use, the last form with members on it) must
 * still say why nothing happened: the server's message as a danger toast.
 */
export function showConflict(error: unknown): void {
  const failure = readFailure(error);
  if (failure.status === 409 && failure.message) toast.danger(failure.message, TOAST_MS.medium);
}

/** "1 member" / "3 members". */
export const members = (n: number) => `${n} member${n === 1 ? '' : 's'}`;
/** "1 member stands" / "3 members stand". */
export const membersStand = (n: number) => `${members(n)} stand${n === 1 ? 's' : ''}`;

/** What a form's range counts: reps, or seconds for a time form (reps_or_time 2). */
export const rangeUnit = (repsOrTime: number) => (repsOrTime === REPS_OR_TIME.time ? 'seconds' : 'reps');

/** What deleting a form does to the members on it, said before the admin confirms (the server does the same). */
export function deleteConsequence(form: Pick<AdminForm, 'name' | 'members_count' | 'rung'>, total: number): string {
  if (form.members_count === 0)
    return `${form.name} will be deleted. No member stands on it. Workout results keep its name.`;
  if (total === 1)
    return `${form.name} is the last form of this group and ${membersStand(form.members_count)} on it, so it cannot be deleted.`;
  const where = form.rung === 1 ? 'the form above it' : 'the form below it';
  return `${form.name} will be deleted. The ${members(form.members_count)} on it will move to ${where}. Workout results keep its name.`;
}
