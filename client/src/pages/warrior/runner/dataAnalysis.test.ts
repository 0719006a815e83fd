import { describe, expect, it } from 'vitest';
import {
  EMPTY_DRAFT,
  dataAnalysisErrors,
  dataAnalysisPayload,
  restoreDraft,
  type DataAnalysisDraft,
} from './dataAnalysis.ts';

const filled: DataAnalysisDraft = {
  values: { weight: '82.4', waist: '34', chest: '40', bicep: '14.5', quad: '23', body_fat: '18.2' },
  images: {
    image1: { id: 4, name: 'front.jpg' },
    image2: { id: 5, name: 'side.jpg' },
    image3: { id: 6, name: 'back.jpg' },
  },
};

describe('data analysis validation (spec section 5)', () => {
  it("says 'X is required' and 'Image N is required' for an empty form", () => {
    expect(dataAnalysisErrors(EMPTY_DRAFT)).toEqual({
      weight: 'Weight is required',
      waist: 'Waist is required',
      chest: 'Chest is required',
      bicep: 'Bicep is required',
      quad: 'Quad is required',
      body_fat: 'Body Fat is required',
      image1: 'Image 1 is required',
      image2: 'Image 2 is required',
      image3: 'Image 3 is required',
    });
  });

  it("says 'X must be decimal' for anything but a decimal number", () => {
    const draft = { ...filled, values: { ...filled.values, weight: '82,4,1', bicep: 'big', quad: '-3', chest: '40.' } };
    expect(dataAnalysisErrors(draft)).toEqual({
      weight: 'Weight must be decimal',
      bicep: 'Bicep must be decimal',
      quad: 'Quad must be decimal',
      chest: 'Chest must be decimal',
    });
  });

  it('reads a decimal comma (a phone set to a comma region) as a point', () => {
    const draft = { ...filled, values: { ...filled.values, weight: '82,4', body_fat: ' 18,25 ' } };
    expect(dataAnalysisErrors(draft)).toEqual({});
    expect(dataAnalysisPayload(draft)).toMatchObject({ weight: 82.4, body_fat: 18.25 });
  });

  it('sends numbers and the image ids of a valid form', () => {
    expect(dataAnalysisErrors(filled)).toEqual({});
    expect(dataAnalysisPayload(filled)).toEqual({
      weight: 82.4,
      waist: 34,
      chest: 40,
      bicep: 14.5,
      quad: 23,
      body_fat: 18.2,
      image1: 4,
      image2: 5,
      image3: 6,
    });
  });

  it('restores a cached draft, dropping what does not fit', () => {
    expect(restoreDraft(JSON.parse(JSON.stringify(filled)))).toEqual(filled);
    expect(restoreDraft({ values: { weight: 80 }, images: { image1: { id: 'x', name: 'a' } } })).toEqual(EMPTY_DRAFT);
    expect(restoreDraft('nope')).toBeNull();
  });
});
