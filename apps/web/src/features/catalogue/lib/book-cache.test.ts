import type { BookSummary } from '@maktaba/shared/schemas/catalogue';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { rememberBooks, rememberedBook } from './book-cache';

const summary = (n: number) => ({ id: `id-${n}`, title: `Book ${n}` }) as BookSummary;

describe('rememberBooks', () => {
  it('stores each book under its id', () => {
    const client = new QueryClient();
    rememberBooks(client, [summary(1), summary(2)]);
    expect(rememberedBook(client, 'id-2')?.title).toBe('Book 2');
    expect(rememberedBook(client, 'id-3')).toBeUndefined();
  });

  it('drops the least recently stored past the limit', () => {
    const client = new QueryClient();
    rememberBooks(client, [summary(1), summary(2), summary(3)], 3);
    rememberBooks(client, [summary(1)], 3);
    rememberBooks(client, [summary(4)], 3);
    expect(rememberedBook(client, 'id-2')).toBeUndefined();
    expect(rememberedBook(client, 'id-1')?.title).toBe('Book 1');
    expect(rememberedBook(client, 'id-4')?.title).toBe('Book 4');
  });

  it('keeps entries for two hours', () => {
    const client = new QueryClient();
    rememberBooks(client, [summary(1)]);
    expect(client.getQueryCache().find({ queryKey: ['catalogue', 'book-summary', 'id-1'] })?.options.gcTime).toBe(
      2 * 60 * 60_000,
    );
  });
});
