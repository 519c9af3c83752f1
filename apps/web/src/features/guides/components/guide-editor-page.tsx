import { can } from '@maktaba/shared/permissions';
import { GUIDE_LEVELS, GUIDE_LIMITS, type Guide, type GuideLevel } from '@maktaba/shared/schemas/guides';
import { Eye, Save, Send, Trash2, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageLoading } from '../../../components/page-loading';
import { isNotFound, LoadErrorState, NotFoundState } from '../../../components/page-states';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { useDeleteGuide, useLibraryGuide, useSaveGuide } from '../api/guides';
import { draftsOf, type StepDraft, stepInputs } from '../lib/step-drafts';
import { StepEditor } from './step-editor';

/** /library/guides/new and /library/guides/:guideId/edit. */
export function GuideEditorPage() {
  const { guideId } = useParams();
  const { t } = useTranslation();
  const guide = useLibraryGuide(guideId);
  if (guideId && guide.isPending) return <PageLoading />;
  if (guideId && guide.isError) {
    return isNotFound(guide.error) ? (
      <NotFoundState
        titleKey="guides.guide.notFound.title"
        descriptionKey="guides.guide.notFound.description"
        back={{ to: '/library/guides', labelKey: 'guides.editor.back' }}
      />
    ) : (
      <LoadErrorState error={guide.error} onRetry={() => void guide.refetch()} titleKey="guides.guide.loadError" />
    );
  }
  const source = guideId ? (guide.data ?? null) : null;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
      <header className="flex flex-col gap-1">
        <Link to="/library/guides" className="self-start text-sm font-semibold text-primary hover:underline">
          {t('guides.editor.back')}
        </Link>
        <h1 className="font-display text-3xl font-bold">
          {t(source ? 'guides.editor.editTitle' : 'guides.editor.newTitle')}
        </h1>
      </header>
      <GuideForm key={source?.id ?? 'new'} source={source} />
    </div>
  );
}

type Texts = { title_en: string; title_ar: string; description_en: string; description_ar: string };
type Intent = 'save' | 'publish' | 'unpublish';

const textsOf = (guide: Guide | null): Texts => ({
  title_en: guide?.title_en ?? '',
  title_ar: guide?.title_ar ?? '',
  description_en: guide?.description_en ?? '',
  description_ar: guide?.description_ar ?? '',
});

/** The translated field errors of a refused save, by field name ("title_en", "steps.2.book_id", …). */
function fieldErrorsOf(error: unknown): Record<string, string[]> | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return null;
  const details = error.details as { fieldErrors?: Record<string, string[]> } | undefined;
  return details?.fieldErrors ?? null;
}

function GuideForm({ source }: { source: Guide | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useAuthStore((state) => state.role);
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const save = useSaveGuide();
  const remove = useDeleteGuide();
  const [texts, setTexts] = useState<Texts>(() => textsOf(source));
  const [level, setLevel] = useState<GuideLevel>(source?.level ?? 'introductory');
  const [steps, setSteps] = useState<StepDraft[]>(() => (source ? draftsOf(source) : []));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [goTo, setGoTo] = useState<string | null>(null);
  const status = source?.status ?? 'draft';
  const canDelete =
    source !== null && (can(role, 'books.delete') || (source.status === 'draft' && source.author?.id === userId));

  useEffect(() => {
    if (goTo) navigate(goTo, { replace: goTo.endsWith('/edit') });
  }, [goTo, navigate]);

  const errorText = (field: string) => {
    const key = errors[field]?.[0];
    return key
      ? key.startsWith('guides.') || key.startsWith('validation.')
        ? t(key)
        : t('validation.invalidInput')
      : undefined;
  };
  const stepErrors: Record<number, string> = {};
  for (const field of Object.keys(errors)) {
    const match = /^steps\.(\d+)\./.exec(field);
    const text = errorText(field);
    if (match && text) stepErrors[Number(match[1])] = text;
  }

  const send = async (intent: Intent) => {
    setFailure(null);
    if (!texts.title_en.trim() && !texts.title_ar.trim()) {
      setErrors({ title_en: ['guides.validation.titleRequired'] });
      document.getElementById('guide-title-en')?.focus();
      return;
    }
    setErrors({});
    const nextStatus = intent === 'publish' ? 'published' : intent === 'unpublish' ? 'draft' : status;
    try {
      const saved = await save.mutateAsync({
        guideId: source?.id,
        input: { ...texts, level, status: nextStatus, steps: stepInputs(steps) },
      });
      toast.success(t(`guides.editor.done.${intent}`));
      if (intent === 'publish') setGoTo(`/guides/${saved.id}`);
      else if (!source) setGoTo(`/library/guides/${saved.id}/edit`);
      else setSteps(draftsOf(saved));
    } catch (caught) {
      const fieldErrors = fieldErrorsOf(caught);
      if (fieldErrors) {
        setErrors(fieldErrors);
        setFailure(t('guides.editor.fixErrors'));
      } else {
        setFailure(apiErrorText(t, caught));
      }
    }
  };

  // Told through the promise, not mutate's callbacks, and on to the list by navigate rather than
  // this form's state: the answer makes the page read the deleted guide again, and its "not found"
  // may replace this form before the callbacks run.
  const onDelete = () => {
    if (!source) return;
    setDeleteError(null);
    remove.mutateAsync(source.id).then(
      () => {
        setConfirmingDelete(false);
        toast.success(t('guides.editor.done.delete'));
        void navigate('/library/guides');
      },
      (error: unknown) => setDeleteError(apiErrorText(t, error)),
    );
  };

  const text = (field: keyof Texts) => (value: string) => setTexts((current) => ({ ...current, [field]: value }));
  const isPending = save.isPending;

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        void send('save');
      }}
      data-testid="guide-form"
    >
      {failure ? <Alert variant="destructive" title={failure} /> : null}
      <p className="text-sm text-muted" data-testid="guide-status">
        {t('guides.editor.statusLine', { status: t(`guides.status.${status}`) })}
      </p>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">{t('guides.editor.details')}</legend>
        <Field
          id="guide-title-en"
          label={t('guides.editor.titleEn')}
          hint={t('guides.editor.titleHint')}
          error={errorText('title_en')}
        >
          {(control) => (
            <input
              {...control}
              lang="en"
              dir="ltr"
              value={texts.title_en}
              maxLength={GUIDE_LIMITS.titleMax}
              onChange={(event) => text('title_en')(event.target.value)}
              className={inputClass(Boolean(control['aria-invalid']))}
            />
          )}
        </Field>
        <Field id="guide-title-ar" label={t('guides.editor.titleAr')} error={errorText('title_ar')}>
          {(control) => (
            <input
              {...control}
              lang="ar"
              dir="rtl"
              value={texts.title_ar}
              maxLength={GUIDE_LIMITS.titleMax}
              onChange={(event) => text('title_ar')(event.target.value)}
              className={inputClass(Boolean(control['aria-invalid']))}
            />
          )}
        </Field>
        <Field id="guide-description-en" label={t('guides.editor.descriptionEn')} error={errorText('description_en')}>
          {(control) => (
            <textarea
              {...control}
              lang="en"
              dir="ltr"
              rows={4}
              value={texts.description_en}
              maxLength={GUIDE_LIMITS.descriptionMax}
              onChange={(event) => text('description_en')(event.target.value)}
              className={inputClass(Boolean(control['aria-invalid']), 'min-h-24 py-2')}
            />
          )}
        </Field>
        <Field id="guide-description-ar" label={t('guides.editor.descriptionAr')} error={errorText('description_ar')}>
          {(control) => (
            <textarea
              {...control}
              lang="ar"
              dir="rtl"
              rows={4}
              value={texts.description_ar}
              maxLength={GUIDE_LIMITS.descriptionMax}
              onChange={(event) => text('description_ar')(event.target.value)}
              className={inputClass(Boolean(control['aria-invalid']), 'min-h-24 py-2')}
            />
          )}
        </Field>
        <Field id="guide-level" label={t('guides.editor.level')} error={errorText('level')}>
          {(control) => (
            <select
              {...control}
              value={level}
              onChange={(event) => setLevel(event.target.value as GuideLevel)}
              className={inputClass(Boolean(control['aria-invalid']))}
            >
              {GUIDE_LEVELS.map((value) => (
                <option key={value} value={value}>
                  {t(`catalogue.difficulties.${value}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </fieldset>
      <section aria-labelledby="guide-steps-editor" className="flex flex-col gap-3">
        <h2 id="guide-steps-editor" className="font-display text-xl font-bold">
          {t('guides.editor.steps')}
        </h2>
        {errorText('steps') ? (
          <p className="text-sm font-medium text-danger" role="alert">
            {errorText('steps')}
          </p>
        ) : null}
        <StepEditor steps={steps} onChange={setSteps} errors={stepErrors} />
      </section>
      <div className="flex flex-wrap gap-2 border-t border-border pt-4">
        <Button type="submit" variant={status === 'published' ? 'primary' : 'secondary'} disabled={isPending}>
          <Save aria-hidden className="size-4" />
          {t(status === 'published' ? 'guides.editor.save' : 'guides.editor.saveDraft')}
        </Button>
        {status === 'draft' ? (
          <Button type="button" disabled={isPending} onClick={() => void send('publish')}>
            <Send aria-hidden className="size-4" />
            {t('guides.editor.publish')}
          </Button>
        ) : (
          <Button type="button" variant="secondary" disabled={isPending} onClick={() => void send('unpublish')}>
            <Undo2 aria-hidden className="size-4" />
            {t('guides.editor.unpublish')}
          </Button>
        )}
        {source ? (
          <Link to={`/guides/${source.id}`} className={buttonClass('ghost')}>
            <Eye aria-hidden className="size-4" />
            {t('guides.editor.view')}
          </Link>
        ) : null}
        {canDelete ? (
          <Button type="button" variant="danger" className="ms-auto" onClick={() => setConfirmingDelete(true)}>
            <Trash2 aria-hidden className="size-4" />
            {t('guides.editor.delete')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={t('guides.editor.deleteTitle')}
        description={t('guides.editor.deleteDescription')}
        confirmLabel={t('guides.editor.delete')}
        cancelLabel={t('guides.editor.cancel')}
        isPending={remove.isPending}
        error={deleteError}
        onConfirm={onDelete}
      />
    </form>
  );
}
