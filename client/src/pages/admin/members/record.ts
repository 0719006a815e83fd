/** The member id of a record's path: a whole number from 1 (a PostgreSQL integer), or null for anything else. */
export function readMemberId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** A PAR-Q answer as the admin's application details show it: No when the value is 0, otherwise Yes (admin.md section 2). */
export const yesNo = (value: number): 'Yes' | 'No' => (value === 0 ? 'No' : 'Yes');
