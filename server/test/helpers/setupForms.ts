/** Valid setup forms (PAR-Q, fact-find, contact details) as a member's device sends them; a test overrides a field. */
type Overrides = Record<string, unknown>;

const today = () => new Date().toISOString().slice(0, 10);

/** Setup step 1: the seven PAR-Q answers (all no), dated today and signed. */
export const parq = (overrides: Overrides = {}) => ({
  question1: 0,
  question2: 0,
  question3: 0,
  question4: 0,
  question5: 0,
  question6: 0,
  question7: 0,
  date: today(),
  e_signature: 'A. Member',
  ...overrides,
});

/** Setup step 2: the fact-find. */
export const factFind = (overrides: Overrides = {}) => ({
  date_of_birth: '1990-04-12',
  height: 70,
  weight: 80,
  wrist_circumference: 7,
  ankle_circumference: 9,
  desired_aesthetic: 'Titan',
  food_preference: 'Vegan',
  waking_time: '06:30',
  work_start: '09:00',
  break_time_start_finish: '12:30 - 13:15',
  work_finish: '17:30',
  time_of_slumber: '22:45',
  physical_activities: 'Climbing',
  ...overrides,
});

/**
 * The macro figures for factFind() (70 in, wrist 7, ankle 9, Titan) at 80 kg and 20 % body fat, worked to the digit in
 * server/src/domain/macros.test.ts.
 */
export const factFindMacrosAt80kgAnd20PercentFat = {
  daily_caloric_intake: 2173,
  fat_intake: 60,
  protein_intake: 160,
  carbohydrate_intake: 248,
  max_lean_body_mass_kg: 81.51,
  max_lean_body_mass_lbs: 179.69,
  desired_body_mass: 71.51,
};

/** The contact details (PUT user/contact_details). */
export const contactDetails = (overrides: Overrides = {}) => ({
  address_line1: '1 Chamber Road',
  address_line2: 'Flat 2',
  city: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS1 1AA',
  country: 'United Kingdom',
  telephone: '0113 000 0000',
  instagram: '@record',
  ...overrides,
});
