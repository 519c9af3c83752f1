import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HighlightedText } from './highlighted-text';

afterEach(cleanup);

describe('HighlightedText', () => {
  it('wraps the matched words in <mark> and keeps the rest as plain text', () => {
    const { container } = render(
      <HighlightedText
        text="Tahdhib al-Ahkam"
        ranges={[
          [0, 7],
          [11, 16],
        ]}
      />,
    );
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Tahdhib', 'Ahkam']);
    expect(container.textContent).toBe('Tahdhib al-Ahkam');
  });

  it('renders markup in a title as text, never as HTML', () => {
    const text = '<img src=x onerror=alert(1)> Kitab';
    const { container } = render(<HighlightedText text={text} ranges={[[29, 34]]} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe(text);
    expect(container.querySelector('mark')?.textContent).toBe('Kitab');
  });

  it('marks nothing without ranges', () => {
    const { container } = render(<HighlightedText text="Al-Kafi" ranges={[]} />);
    expect(container.querySelector('mark')).toBeNull();
    expect(container.textContent).toBe('Al-Kafi');
  });
});
