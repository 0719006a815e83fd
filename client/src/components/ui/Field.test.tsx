import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NumberField } from './Field.tsx';

function Weight({ step }: { step: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <NumberField
        label="Weight (kg)"
        step={step}
        min="20"
        max="400"
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <output data-testid="kept">{value}</output>
    </>
  );
}

describe('NumberField', () => {
  it('takes a decimal comma as a point as it is typed, with the decimal keypad', () => {
    render(<Weight step="0.1" />);
    const input = screen.getByLabelText('Weight (kg)') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.inputMode).toBe('decimal');
    fireEvent.change(input, { target: { value: '72,5' } });
    expect(input.value).toBe('72.5');
    expect(screen.getByTestId('kept').textContent).toBe('72.5');
    // Anything else is left for the form's own message.
    fireEvent.change(input, { target: { value: '1,2,3' } });
    expect(screen.getByTestId('kept').textContent).toBe('1,2,3');
  });

  it('keeps a number input with its step and bounds for whole numbers', () => {
    render(<Weight step="1" />);
    const input = screen.getByLabelText('Weight (kg)') as HTMLInputElement;
    expect([input.type, input.inputMode, input.step, input.min, input.max]).toEqual([
      'number',
      'numeric',
      '1',
      '20',
      '400',
    ]);
  });
});
