/** The admin's view of one member, one tab per route name (docs/spec/admin.md §2). */
export const ADMIN_USER_TABS = [
  { key: 'contact_information', title: 'Contact Information' },
  { key: 'channel_subscription', title: 'Channel Subscription' },
  { key: 'application_details', title: 'Application Details' },
  { key: 'fact_find_details', title: 'Fact Find Details' },
  { key: 'evolution_chamber', title: 'Evolution Chamber' },
  { key: 'calibration_test_results', title: 'Calibration Test Results' },
  { key: 'workout_results', title: 'Workout Results' },
  { key: 'form_levels', title: 'Form Levels' },
  { key: 'marco_data', title: 'Macro Data' },
] as const;

/** The member id of a record's path: a whole number from 1 (a PostgreSQL integer), or null for anything else. */
export function readMemberId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** A PAR-Q answer as the admin's application details show it: No when the value is 0, otherwise Yes (docs/spec/admin.md §2). */
export const yesNo = (value: number): 'Yes' | 'No' => (value === 0 ? 'No' : 'Yes');
