import { describe, expect, it } from 'vitest';
import {
  bmr,
  desiredBodyFat,
  desiredBodyMass,
  energyBalance,
  energyFactor,
  leanMassKg,
  macroData,
  maxLeanBodyMassLbs,
  tdee,
} from './macros.ts';

describe('desiredBodyFat', () => {
  it('is Warrior 7, Titan 10.5, Tank 15', () => {
    expect(desiredBodyFat('Warrior')).toBe(7);
    expect(desiredBodyFat('Titan')).toBe(10.5);
    expect(desiredBodyFat('Tank')).toBe(15);
  });
  it('is null for anything else', () => {
    expect(desiredBodyFat('warrior')).toBeNull();
    expect(desiredBodyFat('toString')).toBeNull();
    expect(desiredBodyFat('')).toBeNull();
  });
});

describe('the formulas', () => {
  it('Casey Butt maximum lean body mass', () => {
    // 70^1.5 = 585.662019; sqrt(7) / 22.667 = 0.116723; sqrt(9) / 17.0104 = 0.176363; 1 + 10.5 / 224 = 1.046875
    expect(maxLeanBodyMassLbs(70, 7, 9, 10.5)).toBeCloseTo(179.694973, 6);
    expect(maxLeanBodyMassLbs(64, 4, 4, 0)).toBeCloseTo(512 * (2 / 22.667 + 2 / 17.0104), 9); // 64^1.5 = 512
  });
  it('lean mass, desired body mass, BMR and TDEE', () => {
    expect(leanMassKg(80, 20)).toBe(64);
    expect(leanMassKg(80, 0)).toBe(80);
    expect(desiredBodyMass(64, 10.5)).toBeCloseTo(71.50838, 6); // 64 / 0.895
    expect(bmr(64)).toBeCloseTo(1752.4, 9); // 370 + 1382.4
    expect(tdee(64)).toBeCloseTo(2716.22, 9); // 1752.4 * 1.55
  });
  it('energy balance: only a gap of more than 1 point counts', () => {
    expect(energyBalance(8, 7)).toBe('maintenance'); // exactly 1 above
    expect(energyBalance(8.1, 7)).toBe('deficit');
    expect(energyBalance(6, 7)).toBe('maintenance'); // exactly 1 below
    expect(energyBalance(5.9, 7)).toBe('surplus');
    expect(energyBalance(11.5, 10.5)).toBe('maintenance');
    expect(energyBalance(11.6, 10.5)).toBe('deficit');
    expect(energyBalance(9.4, 10.5)).toBe('surplus');
    expect(energyBalance(15, 15)).toBe('maintenance');
    expect([energyFactor('deficit'), energyFactor('surplus'), energyFactor('maintenance')]).toEqual([0.8, 1.1, 1]);
  });
});

describe('macroData', () => {
  const base = { heightIn: 70, wristIn: 7, ankleIn: 9, desiredAesthetic: 'Titan', weightKg: 80, bodyFat: 20 };

  it('works the full example (deficit) to the digit', () => {
    // Titan → desired body fat 10.5 %.
    // Max lean body mass: 70^1.5 = 585.6620186
    //   sqrt(7) / 22.6670 = 2.6457513 / 22.667 = 0.1167226;  sqrt(9) / 17.0104 = 3 / 17.0104 = 0.1763627
    //   sum 0.2930853;  585.6620186 * 0.2930853 = 171.6489295;  * (1 + 10.5 / 224 = 1.046875) = 179.6949730 lbs → 179.69
    //   179.6949730 * 0.45359237 = 81.5082687 kg → 81.51
    // Lean mass: 80 * (1 - 0.20) = 64 kg.  Desired body mass: 64 / (1 - 0.105) = 64 / 0.895 = 71.5083799 → 71.51
    // BMR = 370 + 21.6 * 64 = 370 + 1382.4 = 1752.4;  TDEE = 1752.4 * 1.55 = 2716.22
    // 20 - 10.5 = 9.5 > 1 → 20 % deficit: 2716.22 * 0.8 = 2172.976 → 2173 kcal
    // protein 2.5 * 64 = 160 g;  fat 0.25 * 2173 / 9 = 543.25 / 9 = 60.36 → 60 g
    // carbohydrate (2173 - 160 * 4 - 60 * 9) / 4 = (2173 - 640 - 540) / 4 = 993 / 4 = 248.25 → 248 g
    expect(macroData(base)).toEqual({
      daily_caloric_intake: 2173,
      fat_intake: 60,
      protein_intake: 160,
      carbohydrate_intake: 248,
      max_lean_body_mass_kg: 81.51,
      max_lean_body_mass_lbs: 179.69,
      desired_body_mass: 71.51,
    });
  });

  it('surplus: 10 % over TDEE, protein 2.0 g/kg, carbohydrate half rounds up', () => {
    // Warrior 7 %, 70 kg at 5 %: lean 66.5; BMR 370 + 1436.4 = 1806.4; TDEE 2799.92; * 1.1 = 3079.912 → 3080
    // protein 2.0 * 66.5 = 133; fat 770 / 9 = 85.56 → 86; carbohydrate (3080 - 532 - 774) / 4 = 443.5 → 444
    // max lean: 68^1.5 * (sqrt(6.5) / 22.667 + sqrt(8.5) / 17.0104) * (1 + 7 / 224) = 164.1525 lbs = 74.4583 kg
    // desired body mass 66.5 / 0.93 = 71.5054
    expect(
      macroData({ heightIn: 68, wristIn: 6.5, ankleIn: 8.5, desiredAesthetic: 'Warrior', weightKg: 70, bodyFat: 5 }),
    ).toEqual({
      daily_caloric_intake: 3080,
      fat_intake: 86,
      protein_intake: 133,
      carbohydrate_intake: 444,
      max_lean_body_mass_kg: 74.46,
      max_lean_body_mass_lbs: 164.15,
      desired_body_mass: 71.51,
    });
  });

  it('maintenance within 1 point of target', () => {
    // Tank 15 %, 100 kg at 16 %: lean 84; BMR 370 + 1814.4 = 2184.4; TDEE 3385.82 → 3386
    // protein 168; fat 846.5 / 9 = 94.06 → 94; carbohydrate (3386 - 672 - 846) / 4 = 467
    // max lean: 72^1.5 * (sqrt(7.5) / 22.667 + sqrt(9.5) / 17.0104) * (1 + 15 / 224) = 196.8688 lbs = 89.2982 kg
    // desired body mass 84 / 0.85 = 98.8235
    expect(
      macroData({ heightIn: 72, wristIn: 7.5, ankleIn: 9.5, desiredAesthetic: 'Tank', weightKg: 100, bodyFat: 16 }),
    ).toEqual({
      daily_caloric_intake: 3386,
      fat_intake: 94,
      protein_intake: 168,
      carbohydrate_intake: 467,
      max_lean_body_mass_kg: 89.3,
      max_lean_body_mass_lbs: 196.87,
      desired_body_mass: 98.82,
    });
  });

  it('body fat exactly one point above or below the target is maintenance (protein 2.0, no deficit or surplus)', () => {
    // Titan 10.5 %, 80 kg at 11.5 %: lean 70.8; BMR 370 + 1529.28 = 1899.28; TDEE 2943.884 → 2944
    // protein 141.6 → 142; fat 736 / 9 = 81.78 → 82; carbohydrate (2944 - 568 - 738) / 4 = 409.5 → 410; 70.8 / 0.895 = 79.106
    expect(macroData({ ...base, bodyFat: 11.5 })).toMatchObject({
      daily_caloric_intake: 2944,
      protein_intake: 142,
      fat_intake: 82,
      carbohydrate_intake: 410,
      desired_body_mass: 79.11,
    });
    // 80 kg at 9.5 %: lean 72.4; BMR 370 + 1563.84 = 1933.84; TDEE 2997.452 → 2997
    // protein 144.8 → 145; fat 749.25 / 9 = 83.25 → 83; carbohydrate (2997 - 580 - 747) / 4 = 417.5 → 418; 72.4 / 0.895 = 80.894
    expect(macroData({ ...base, bodyFat: 9.5 })).toMatchObject({
      daily_caloric_intake: 2997,
      protein_intake: 145,
      fat_intake: 83,
      carbohydrate_intake: 418,
      desired_body_mass: 80.89,
    });
  });

  it('holds at extreme heights: 4 ft and 8 ft', () => {
    // 48 in, wrist 5, ankle 7, Warrior 7 %: 48^1.5 = 332.5538; sqrt(5) / 22.667 = 0.098649; sqrt(7) / 17.0104 = 0.155537
    //   332.5538 * 0.254186 = 84.5305; * 1.03125 = 87.1721 lbs → 87.17; * 0.45359237 = 39.5405 kg → 39.54
    // 40 kg at 8 % (exactly 1 above: maintenance): lean 36.8; BMR 370 + 794.88 = 1164.88; TDEE 1805.564 → 1806
    // protein 73.6 → 74; fat 451.5 / 9 = 50.17 → 50; carbohydrate (1806 - 296 - 450) / 4 = 265; 36.8 / 0.93 = 39.5699
    expect(
      macroData({ heightIn: 48, wristIn: 5, ankleIn: 7, desiredAesthetic: 'Warrior', weightKg: 40, bodyFat: 8 }),
    ).toEqual({
      daily_caloric_intake: 1806,
      fat_intake: 50,
      protein_intake: 74,
      carbohydrate_intake: 265,
      max_lean_body_mass_kg: 39.54,
      max_lean_body_mass_lbs: 87.17,
      desired_body_mass: 39.57,
    });
    // 96 in, wrist 9.5, ankle 11.5, Tank 15 %: 96^1.5 = 940.604; sqrt(9.5) / 22.667 = 0.135979; sqrt(11.5) / 17.0104 = 0.199358
    //   940.604 * 0.335337 = 315.4197; * 1.066964 = 336.54 lbs; * 0.45359237 = 152.6525 kg → 152.65
    // 180 kg at 14 % (exactly 1 below: maintenance): lean 154.8; BMR 370 + 3343.68 = 3713.68; TDEE 5756.204 → 5756
    // protein 309.6 → 310; fat 1439 / 9 = 159.89 → 160; carbohydrate (5756 - 1240 - 1440) / 4 = 769; 154.8 / 0.85 = 182.1176
    expect(
      macroData({ heightIn: 96, wristIn: 9.5, ankleIn: 11.5, desiredAesthetic: 'Tank', weightKg: 180, bodyFat: 14 }),
    ).toEqual({
      daily_caloric_intake: 5756,
      fat_intake: 160,
      protein_intake: 310,
      carbohydrate_intake: 769,
      max_lean_body_mass_kg: 152.65,
      max_lean_body_mass_lbs: 336.54,
      desired_body_mass: 182.12,
    });
  });

  it('has no macro data without body fat', () => {
    expect(macroData({ ...base, bodyFat: null })).toBeNull();
  });
  it('has no macro data for an unknown aesthetic or unusable measures', () => {
    expect(macroData({ ...base, desiredAesthetic: 'Ninja' })).toBeNull();
    expect(macroData({ ...base, bodyFat: 100 })).toBeNull();
    expect(macroData({ ...base, bodyFat: -1 })).toBeNull();
    expect(macroData({ ...base, bodyFat: Number.NaN })).toBeNull();
    expect(macroData({ ...base, weightKg: 0 })).toBeNull();
    expect(macroData({ ...base, heightIn: -70 })).toBeNull();
    expect(macroData({ ...base, wristIn: Number.NaN })).toBeNull();
    expect(macroData({ ...base, ankleIn: Infinity })).toBeNull();
  });
  it('accepts a body fat of 0', () => {
    expect(macroData({ ...base, bodyFat: 0 })?.protein_intake).toBe(160); // surplus: 2.0 * 80
  });
});
