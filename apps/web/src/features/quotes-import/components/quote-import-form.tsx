import { IMPORT_LIMITS } from '@maktaba/shared/schemas/catalogue-import';
import { QUOTE_IMPORT_STATUSES, type QuoteImportStatus } from '@maktaba/shared/schemas/quotes';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FileInput } from '../../../components/ui/file-input';
import { Field, inputClass } from '../../../components/ui/form-field';
import { apiErrorKey } from '../../../lib/api-error-text';
import { useStartQuoteImport } from '../api/quote-imports';
import { useFormatters } from './use-formatters';

const ACCEPTED = ['.jsonl', '.ndjson', '.json'];

/** Choose a JSON Lines file and the status of new quotes, then start the import. */
export function QuoteImportForm({ onStarted }: { onStarted: (id: string) => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const id = useId();
  const start = useStartQuoteImport();
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<QuoteImportStatus>('approved');
  const [fileError, setFileError] = useState<string | undefined>();
  const maxSize = format.fileSize(IMPORT_LIMITS.fileBytesMax);

  const checkFile = (chosen: File | null): string | undefined => {
    if (!chosen) return t('import.errors.fileRequired');
    if (!ACCEPTED.some((extension) => chosen.name.toLowerCase().endsWith(extension))) {
      return t('quotesImport.wrongType');
    }
    if (chosen.size > IMPORT_LIMITS.fileBytesMax) return t('import.errors.fileTooLarge', { max: maxSize });
    return undefined;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkFile(file);
    setFileError(problem);
    if (problem || !file) return;
    start.mutate({ file, status }, { onSuccess: ({ id: jobId }) => onStarted(jobId) });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field
        id={`${id}-file`}
        label={t('import.page.file')}
        hint={
          file
            ? t('import.page.chosen', { name: file.name, size: format.fileSize(file.size) })
            : t('quotesImport.fileHint', { max: maxSize })
        }
        error={fileError}
      >
        {(control) => (
          <FileInput
            {...control}
            name="file"
            accept={[...ACCEPTED, 'application/x-ndjson'].join(',')}
            invalid={Boolean(fileError)}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setFileError(chosen ? checkFile(chosen) : undefined);
            }}
          />
        )}
      </Field>
      <Field id={`${id}-status`} label={t('quotesImport.status')}>
        {(control) => (
          <select
            {...control}
            name="status"
            value={status}
            onChange={(event) => setStatus(event.target.value as QuoteImportStatus)}
            className={inputClass(false, 'sm:max-w-xs')}
          >
            {QUOTE_IMPORT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`import.page.statuses.${value}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {start.isError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t(apiErrorKey(start.error, { fieldPrefix: 'import.' }))}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? t('import.page.starting') : t('import.page.start')}
        </Button>
      </div>
    </form>
  );
}
