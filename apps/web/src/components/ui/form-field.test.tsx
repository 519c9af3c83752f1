import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordInput } from './form-field';

afterEach(cleanup);

/** The direction an element's logical CSS (`end-0`, `pe-12`) is resolved in: its nearest `dir`. */
const directionOf = (element: Element) => element.closest('[dir]')?.getAttribute('dir');

describe('PasswordInput', () => {
  it('puts the show/hide toggle on the side the left-to-right input keeps free, on a right-to-left page too', () => {
    render(
      <div dir="rtl">
        <PasswordInput aria-label="password" invalid={false} showLabel="show" hideLabel="hide" />
      </div>,
    );
    const input = screen.getByLabelText('password');
    const toggle = screen.getByRole('button', { name: 'show' });
    expect(directionOf(input)).toBe('ltr');
    // The toggle's `end-0` and the input's `pe-12` must name the same side.
    expect(directionOf(toggle)).toBe(directionOf(input));
    expect(toggle.className).toContain('end-0');
    expect(input.className).toContain('pe-12');
  });
});
