import { z } from 'zod';
import { calendarDate, emptyToUndefined, measure, optionalText, requiredText, timeOfDay } from './fields.ts';

/** Texts of the setup screens (spec section 5). */
const SETUP_MESSAGE = {
  dateRequired: 'Date is required',
  signatureRequired: 'E Signutre is required',
  notFound: 'Data could not be found.',
} as const;

/** Body fat % a desired aesthetic aims at (docs/product.md §4). */
export const DESIRED_BODY_FAT = { Warrior: 7, Titan: 10.5, Tank: 15 } as const;
export const DESIRED_AESTHETICS = ['Warrior', 'Titan', 'Tank'] as const;
export const FOOD_PREFERENCES = ['Vegan', 'Vegetarian', 'Pescatarian', 'Carnivorous'] as const;

const yesNo = (n: number) =>
  z.preprocess(
    (v) => (v === true || v === '1' ? 1 : v === false || v === '0' ? 0 : v === '' || v === null ? undefined : v),
    z.literal([0, 1], {
      error: (iss) =>
        iss.input === undefined ? `Question ${n} is required` : `Question ${n} must be 0 (no) or 1 (yes)`,
    }),
  );

/** POST /api/user/application_details: the PAR-Q. */
export const applicationDetailsInput = z.object({
  first_name: optionalText('First name'),
  last_name: optionalText('Last name'),
  question1: yesNo(1),
  question2: yesNo(2),
  question3: yesNo(3),
  question4: yesNo(4),
  question5: yesNo(5),
  question6: yesNo(6),
  question7: yesNo(7),
  date: calendarDate('Date', SETUP_MESSAGE.dateRequired),
  e_signature: requiredText('E Signature', 255, SETUP_MESSAGE.signatureRequired),
});
export type ApplicationDetailsInput = z.infer<typeof applicationDetailsInput>;

export const applicationDetailsSchema = z
  .object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    question1: z.literal([0, 1]),
    question2: z.literal([0, 1]),
    question3: z.literal([0, 1]),
    question4: z.literal([0, 1]),
    question5: z.literal([0, 1]),
    question6: z.literal([0, 1]),
    question7: z.literal([0, 1]),
    date: z.string().describe('YYYY-MM-DD'),
    e_signature: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ApplicationDetails' });
export type ApplicationDetailsDto = z.infer<typeof applicationDetailsSchema>;

const choice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(
    emptyToUndefined,
    z.enum(values, {
      error: (iss) =>
        iss.input === undefined ? `${label} is required` : `${label} must be one of ${values.join(', ')}`,
    }),
  );

/**
 * Whole years from a birth date to a day (both YYYY-MM-DD), as a birthday counts them: 10 on the tenth birthday itself.
 * Calendar dates, not days over 365.25 (which made a tenth birthday read 9.9986). Born 29 February: a year on 1 March.
 */
export function ageOn(birth: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birth.slice(0, 4));
  return day.slice(5) >= birth.slice(5) ? years : years - 1;
}

/** POST /api/user/fact_finding_details: the thirteen fact-find fields (inches, kg, HH:MM times). */
export const factFindingInput = z.object({
  date_of_birth: calendarDate('Date of Birth').refine((d) => {
    // Today in UTC: the server does not know the member's zone, so far east a birthday counts from its UTC day.
    const age = ageOn(d, new Date().toISOString().slice(0, 10));
    return age >= 10 && age <= 120;
  }, 'Date of Birth must be a date in the past (age 10 to 120)'),
  height: measure('Height', 20, 120),
  weight: measure('Weight', 20, 400),
  wrist_circumference: measure('Wrist', 3, 15),
  ankle_circumference: measure('Ankle', 3, 20),
  desired_aesthetic: choice(DESIRED_AESTHETICS, 'Desired Aesthetic'),
  food_preference: choice(FOOD_PREFERENCES, 'Food Category'),
  waking_time: timeOfDay('Waking Time'),
  work_start: timeOfDay('Work Start Time'),
  break_time_start_finish: requiredText('Work Break Length'),
  work_finish: timeOfDay('Work Finish Time'),
  time_of_slumber: timeOfDay('Time of Slumber'),
  physical_activities: requiredText('Physical Activities', 2000),
});

export const factFindingSchema = z
  .object({
    date_of_birth: z.string().describe('YYYY-MM-DD'),
    height: z.number().describe('inches'),
    weight: z.number().describe('kg'),
    wrist_circumference: z.number().describe('inches'),
    ankle_circumference: z.number().describe('inches'),
    desired_aesthetic: z.enum(DESIRED_AESTHETICS),
    desired_body_fat: z.number().describe('% body fat the aesthetic aims at'),
    food_preference: z.enum(FOOD_PREFERENCES),
    waking_time: z.string(),
    work_start: z.string(),
    break_time_start_finish: z.string(),
    work_finish: z.string(),
    time_of_slumber: z.string(),
    physical_activities: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'FactFinding' });
export type FactFindingDto = z.infer<typeof factFindingSchema>;

/** What a setup submit answers: the stored form and where setup now stands. */
export const setupStepSchema = z
  .object({
    message: z.string(),
    initial_setup: z.union([z.literal(0), z.literal(1)]),
    initial_setup_step: z.number().int(),
  })
  .meta({ id: 'SetupStep' });
