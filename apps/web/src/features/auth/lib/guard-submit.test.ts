import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { guardSubmit } from './guard-submit';

const toast = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
const reportError = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/telemetry/error-reporter', () => ({ reportError }));

describe('guardSubmit', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n();
    // Each catalogue is loaded when first used: both are read here.
    await i18n.loadLanguages(['en', 'ar']);
  });
  afterEach(() => vi.clearAllMocks());

  it('passes the values through and says nothing when the submission works', async () => {
    const run = vi.fn(async (_values: { a: number }) => {});
    await guardSubmit(i18n.getFixedT('en'), run)({ a: 1 });
    expect(run).toHaveBeenCalledWith({ a: 1 });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('an unexpected failure: "An error occurred", reported, in either language', async () => {
    const boom = new Error('something odd');
    await guardSubmit(i18n.getFixedT('en'), async () => {
      throw boom;
    })();
    expect(toast.error).toHaveBeenCalledWith('An error occurred', { description: 'An unexpected error occurred' });
    expect(reportError).toHaveBeenCalledWith(boom, { type: 'auth', metadata: { stage: 'form-submit' } });
    await guardSubmit(i18n.getFixedT('ar'), () => {
      throw boom;
    })();
    expect(toast.error).toHaveBeenLastCalledWith('حدث خطأ', {
      description: i18n.getFixedT('ar')('errors.codes.INTERNAL'),
    });
  });
});
