/** The data-analysis phase's form (spec section 5, "Data analysis"): six measurements and three progress photos. */

import { decimalPoint } from '../../../forms/format.ts';

export const MEASUREMENTS = [
  { field: 'weight', name: 'Weight', label: 'Weight (kg)' },
  { field: 'waist', name: 'Waist', label: 'Waist (in)' },
  { field: 'chest', name: 'Chest', label: 'Chest (in)' },
  { field: 'bicep', name: 'Bicep', label: 'Bicep (in)' },
  { field: 'quad', name: 'Quad', label: 'Quad (in)' },
  { field: 'body_fat', name: 'Body Fat', label: 'Body Fat (%)' },
] as const;

export type MeasurementField = (typeof MEASUREMENTS)[number]['field'];
export const IMAGE_SLOTS = [
  { field: 'image1', label: 'Image 1', hint: 'Front' },
  { field: 'image2', label: 'Image 2', hint: 'Side' },
  { field: 'image3', label: 'Image 3', hint: 'Back' },
] as const;
export type ImageField = (typeof IMAGE_SLOTS)[number]['field'];

/** An uploaded photo: its id from POST user/image and the file's name. */
interface UploadedImage {
  id: number;
  name: string;
}

export interface DataAnalysisDraft {
  values: Record<MeasurementField, string>;
  images: Record<ImageField, UploadedImage | null>;
}

export const EMPTY_DRAFT: DataAnalysisDraft = {
  values: { weight: '', waist: '', chest: '', bicep: '', quad: '', body_fat: '' },
  images: { image1: null, image2: null, image3: null },
};

const DECIMAL = /^\d+(\.\d+)?$/;

/** A measurement as typed, a decimal comma read as its point ('82,4' is 82.4). */
const measurement = (typed: string) => decimalPoint(typed.trim());

/** 'X is required' / 'X must be decimal' per measurement, 'Image N is required' per photo. */
export function dataAnalysisErrors(draft: DataAnalysisDraft): Partial<Record<MeasurementField | ImageField, string>> {
  const errors: Partial<Record<MeasurementField | ImageField, string>> = {};
  for (const m of MEASUREMENTS) {
    const value = measurement(draft.values[m.field]);
    if (!value) errors[m.field] = `${m.name} is required`;
    else if (!DECIMAL.test(value)) errors[m.field] = `${m.name} must be decimal`;
  }
  for (const slot of IMAGE_SLOTS) if (!draft.images[slot.field]) errors[slot.field] = `${slot.label} is required`;
  return errors;
}

/** The payload of a valid draft: numbers and image ids. */
export function dataAnalysisPayload(draft: DataAnalysisDraft): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of MEASUREMENTS) out[m.field] = Number(measurement(draft.values[m.field]));
  for (const slot of IMAGE_SLOTS) out[slot.field] = draft.images[slot.field]?.id ?? 0;
  return out;
}

/** A cached draft, checked field by field; anything malformed is dropped. */
export function restoreDraft(cached: unknown): DataAnalysisDraft | null {
  if (typeof cached !== 'object' || cached === null) return null;
  const c = cached as { values?: Record<string, unknown>; images?: Record<string, unknown> };
  const draft: DataAnalysisDraft = { values: { ...EMPTY_DRAFT.values }, images: { ...EMPTY_DRAFT.images } };
  for (const m of MEASUREMENTS) {
    const v = c.values?.[m.field];
    if (typeof v === 'string') draft.values[m.field] = v.slice(0, 20);
  }
  for (const slot of IMAGE_SLOTS) {
    const img = c.images?.[slot.field] as Partial<UploadedImage> | undefined;
    if (img && Number.isInteger(img.id) && (img.id as number) > 0 && typeof img.name === 'string')
      draft.images[slot.field] = { id: img.id as number, name: img.name };
  }
  return draft;
}
