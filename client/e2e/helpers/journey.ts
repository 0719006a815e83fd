import { hold, type Planned } from './runner.ts';

/**
 * What the member enters on the way through calibration and version 1 of the general track: the same numbers whether
 * the journey runs online (warrior.e2e.ts) or with no network (offline-submit.e2e.ts), so both land on the same record.
 */
export const JOURNEY = {
  maxTests: {
    'Push-up max test': [25],
    'Pull-up max test': [6],
    'Bodyweight squat max test': [40],
    'Single-leg glute bridge max test': [20],
    'Hollow body hold max test': [hold(45)],
    'Chest-to-wall handstand max hold': [hold(0)],
    'Parallel-bar dip max test': [12],
    'Reverse lunge max test': [60],
  },
  calibrationAnalysis: {
    figures: {
      'Weight (kg)': '82.4',
      'Waist (in)': '34',
      'Chest (in)': '40',
      'Bicep (in)': '14.5',
      'Quad (in)': '23',
      'Body Fat (%)': '18.2',
    },
    colours: ['#aa3333', '#33aa33', '#3333aa'],
  },
  upperBody: {
    'Diamond push-up': [12, 12, 12],
    'Pull-up negative': [6, 6, 5],
    'Parallel-bar dip negative': [2, 2, 1],
  },
  lowerBody: { 'Split squat': [15, 15, 15], 'Single-leg hip thrust': [12, 11, 10], 'Skater squat': [10, 10, 10] },
  skillAndCore: {
    'Pike hold on box': [hold(41), hold(45), hold(42)],
    'Hollow body hold': [hold(15), hold(17), hold(10)],
  },
  workVolume: {
    'Decline push-up': [8, 8],
    'Pull-up negative': [6, 6],
    'Bench dip (straight legs)': [20, 20],
    'Bulgarian split squat': [10, 9],
    'Single-leg hip thrust': [15, 15],
    'Skater squat': [3, 4],
  },
  challenge: {
    'Decline push-up': [10],
    'Chin-up': [11],
    'Bulgarian split squat': [12],
    'Single-leg Romanian deadlift': [13],
    'Hollow body tuck hold': [hold(14)],
    'Back-to-wall handstand': [hold(15)],
    'Parallel-bar dip negative': [16],
    'Jumping lunge': [17],
  },
  versionAnalysis: {
    figures: {
      'Weight (kg)': '81.1',
      'Waist (in)': '33.5',
      'Chest (in)': '40.5',
      'Bicep (in)': '14.75',
      'Quad (in)': '23.25',
      'Body Fat (%)': '16.9',
    },
    colours: ['#3333aa', '#33aa33', '#aa3333'],
  },
} satisfies Record<string, Record<string, Planned[]> | { figures: Record<string, string>; colours: string[] }>;
