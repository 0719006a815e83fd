// Macro data for the superhuman channel (docs/product.md §4, "Macro data").
import { DESIRED_BODY_FAT } from '@evolution/shared';
import { roundTo } from './rounding.ts';

/** A desired aesthetic from the fact-find. */
type Aesthetic = keyof typeof DESIRED_BODY_FAT;

/** Pounds to kilograms. */
const KG_PER_LB = 0.45359237;
/** Katch-McArdle activity factor. */
const ACTIVITY_FACTOR = 1.55;

/** What the macro data is computed from: fact-find measures (inches) and the latest data-analysis (kg, %). */
export interface MacroInput {
  heightIn: number;
  wristIn: number;
  ankleIn: number;
  desiredAesthetic: string;
  weightKg: number;
  /** Latest body fat %; null when the member has none yet. */
  bodyFat: number | null;
}

/** The macro data shown to the member; grams and kcal whole, masses in two decimals. */
export interface MacroData {
  daily_caloric_intake: number;
  fat_intake: number;
  protein_intake: number;
  carbohydrate_intake: number;
  max_lean_body_mass_kg: number;
  max_lean_body_mass_lbs: number;
  desired_body_mass: number;
}

/** Whether to eat below, above or at maintenance. */
export type EnergyBalance = 'deficit' | 'surplus' | 'maintenance';

/** Desired body fat % for an aesthetic (Warrior 7, Titan 10.5, Tank 15), or null for anything else. */
export function desiredBodyFat(aesthetic: string): number | null {
  return Object.hasOwn(DESIRED_BODY_FAT, aesthetic) ? DESIRED_BODY_FAT[aesthetic as Aesthetic] : null;
}

/** Casey Butt maximum lean body mass in lbs: H^1.5 * (sqrt(W)/22.6670 + sqrt(A)/17.0104) * (1 + BF/224), inches and %. */
export function maxLeanBodyMassLbs(heightIn: number, wristIn: number, ankleIn: number, desiredBf: number): number {
  return heightIn ** 1.5 * (Math.sqrt(wristIn) / 22.667 + Math.sqrt(ankleIn) / 17.0104) * (1 + desiredBf / 224);
}

/** Current lean body mass in kg: weight * (1 - body fat / 100). */
export function leanMassKg(weightKg: number, bodyFat: number): number {
  return weightKg * (1 - bodyFat / 100);
}

/** Body mass in kg at the desired body fat with today's lean mass: leanMass / (1 - desiredBf / 100). */
export function desiredBodyMass(leanKg: number, desiredBf: number): number {
  return leanKg / (1 - desiredBf / 100);
}

/** Katch-McArdle basal metabolic rate in kcal: 370 + 21.6 * LBM_kg. */
export function bmr(leanKg: number): number {
  return 370 + 21.6 * leanKg;
}

/** Total daily energy expenditure in kcal: BMR * 1.55. */
export function tdee(leanKg: number): number {
  return bmr(leanKg) * ACTIVITY_FACTOR;
}

/** Deficit when body fat is above target by more than 1 point, surplus when below by more than 1, else maintenance. */
export function energyBalance(bodyFat: number, desiredBf: number): EnergyBalance {
  const gap = bodyFat - desiredBf;
  return gap > 1 ? 'deficit' : gap < -1 ? 'surplus' : 'maintenance';
}

/** Energy multiplier for a balance: 0.8 (20% deficit), 1.1 (10% surplus) or 1. */
export function energyFactor(balance: EnergyBalance): number {
  return balance === 'deficit' ? 0.8 : balance === 'surplus' ? 1.1 : 1;
}

/**
 * Daily macro data. Energy = TDEE * factor, whole kcal; protein = 2.5 g/kg lean mass in a deficit, else 2.0;
 * fat = 25% of the whole-kcal energy / 9; carbohydrate = (whole kcal - 4 * protein g - 9 * fat g) / 4, never
 * below 0; every gram figure rounded to a whole gram (halves up). No body fat yet, an unknown aesthetic, or a
 * measure that is not a positive finite number (body fat must be below 100) → null.
 */
export function macroData(input: MacroInput): MacroData | null {
  const { heightIn, wristIn, ankleIn, weightKg, bodyFat } = input;
  const desiredBf = desiredBodyFat(input.desiredAesthetic);
  if (bodyFat === null || desiredBf === null || !(bodyFat >= 0 && bodyFat < 100)) return null;
  if (![heightIn, wristIn, ankleIn, weightKg].every((v) => Number.isFinite(v) && v > 0)) return null;
  const lean = leanMassKg(weightKg, bodyFat);
  const balance = energyBalance(bodyFat, desiredBf);
  const kcal = roundTo(tdee(lean) * energyFactor(balance), 0);
  const protein = roundTo((balance === 'deficit' ? 2.5 : 2.0) * lean, 0);
  const fat = roundTo((0.25 * kcal) / 9, 0);
  const carbohydrate = Math.max(0, roundTo((kcal - 4 * protein - 9 * fat) / 4, 0));
  const maxLbs = maxLeanBodyMassLbs(heightIn, wristIn, ankleIn, desiredBf);
  return {
    daily_caloric_intake: kcal,
    fat_intake: fat,
    protein_intake: protein,
    carbohydrate_intake: carbohydrate,
    max_lean_body_mass_kg: roundTo(maxLbs * KG_PER_LB, 2),
    max_lean_body_mass_lbs: roundTo(maxLbs, 2),
    desired_body_mass: roundTo(desiredBodyMass(lean, desiredBf), 2),
  };
}
