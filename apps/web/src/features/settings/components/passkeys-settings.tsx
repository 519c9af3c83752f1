import type { Passkey } from '@maktaba/shared/schemas/security';
import { PASSKEY_NAME_MAX } from '@maktaba/shared/schemas/security';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, inputClass } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { apiErrorText } from '../../../lib/api-error-text';
import { formatDate } from '../../../lib/format';
import { passkeysSupported } from '../../../lib/webauthn';
import { passkeysQueryOptions, useAddPasskey, useDeletePasskey, useRenamePasskey } from '../api/account-security';

/** A passkey's name, as the reader named it, else its authenticator, else a general word. */
function labelOf(passkey: Passkey, fallback: string): string {
  return passkey.name || passkey.authenticator || fallback;
}

/** The browser's own refusals (the reader cancelled, or the passkey is already here) get their own words. */
function ceremonyErrorText(t: TFunction, error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return t('settings.passkeys.cancelled');
  if (name === 'InvalidStateError') return t('settings.passkeys.alreadyRegistered');
  return apiErrorText(t, error, { fallback: 'errors.codes.PASSKEY_FAILED' });
}

/** Settings → Security → Passkeys: the list, add one (named), rename, remove. */
export function PasskeysSettings() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const list = useQuery(passkeysQueryOptions());
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useDeletePasskey();
  const [naming, setNaming] = useState<{ mode: 'add' } | { mode: 'rename'; passkey: Passkey } | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [supported] = useState(passkeysSupported);

  const openNaming = (next: { mode: 'add' } | { mode: 'rename'; passkey: Passkey }) => {
    setName(next.mode === 'rename' ? (next.passkey.name ?? '') : '');
    setNameError(null);
    setNaming(next);
  };

  const submitName = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('validation.required'));
      return;
    }
    setNameError(null);
    if (naming?.mode === 'rename') {
      rename.mutate(
        { id: naming.passkey.id, name: trimmed },
        {
          onSuccess: () => {
            setNaming(null);
            toast.success(t('settings.passkeys.renamed'));
          },
          onError: (error) => setNameError(apiErrorText(t, error)),
        },
      );
      return;
    }
    add.mutate(trimmed, {
      onSuccess: () => {
        setNaming(null);
        toast.success(t('settings.passkeys.added'));
      },
      onError: (error) => setNameError(ceremonyErrorText(t, error)),
    });
  };

  const items = list.data?.items ?? [];
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-app border border-border bg-surface p-4 sm:p-6">
      <h3 id={`${id}-title`} className="font-display text-lg font-bold">
        {t('settings.passkeys.title')}
      </h3>
      <p className="mt-1 mb-4 text-sm text-muted">{t('settings.passkeys.description')}</p>
      {list.isPending ? (
        <p className="text-sm text-muted">{t('common.loading')}</p>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-danger">
          {apiErrorText(t, list.error)}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">{t('settings.passkeys.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-label={t('settings.passkeys.title')}>
          {items.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-3 py-3">
              <KeyRound aria-hidden className="size-5 shrink-0 text-muted" />
              <div className="min-w-0 flex-1">
                <p className="break-words font-semibold">{labelOf(passkey, t('settings.passkeys.unnamed'))}</p>
                <p className="text-sm text-muted">
                  {passkey.created_at
                    ? t('settings.passkeys.added_on', { date: formatDate(passkey.created_at, i18n.language) })
                    : null}
                  {passkey.authenticator && passkey.name ? ` · ${passkey.authenticator}` : null}
                </p>
              </div>
              <div className="flex gap-1">
                <Button
                  variant="ghost"
                  aria-label={t('settings.passkeys.renameLabel', {
                    name: labelOf(passkey, t('settings.passkeys.unnamed')),
                  })}
                  onClick={() => openNaming({ mode: 'rename', passkey })}
                >
                  <Pencil aria-hidden className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  aria-label={t('settings.passkeys.removeLabel', {
                    name: labelOf(passkey, t('settings.passkeys.unnamed')),
                  })}
                  onClick={() => {
                    remove.reset();
                    setRemoving(passkey);
                  }}
                >
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <Button className="mt-4" variant="secondary" onClick={() => openNaming({ mode: 'add' })}>
          <KeyRound aria-hidden className="size-4" />
          {t('settings.passkeys.add')}
        </Button>
      ) : (
        <p className="mt-4 text-sm text-muted">{t('settings.passkeys.unsupported')}</p>
      )}

      <Modal
        open={naming !== null}
        onOpenChange={(open) => {
          if (!open) setNaming(null);
        }}
        title={t(naming?.mode === 'rename' ? 'settings.passkeys.renameTitle' : 'settings.passkeys.addTitle')}
        closeLabel={t('common.close')}
      >
        <form noValidate onSubmit={submitName} className="flex flex-col gap-4">
          {naming?.mode === 'add' ? (
            <p className="text-sm text-muted">{t('settings.passkeys.addDescription')}</p>
          ) : null}
          <Field
            id={`${id}-name`}
            label={t('settings.passkeys.nameLabel')}
            hint={t('settings.passkeys.nameHint')}
            error={nameError ?? undefined}
          >
            {(control) => (
              <input
                {...control}
                // biome-ignore lint/a11y/noAutofocus: the dialog asks for this one thing.
                autoFocus
                value={name}
                maxLength={PASSKEY_NAME_MAX}
                onChange={(event) => setName(event.target.value)}
                className={inputClass(Boolean(nameError))}
              />
            )}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setNaming(null)}>
              {t('settings.twoFactor.cancel')}
            </Button>
            <Button type="submit" disabled={add.isPending || rename.isPending}>
              {t(naming?.mode === 'rename' ? 'settings.passkeys.save' : 'settings.passkeys.create')}
            </Button>
          </div>
        </form>
      </Modal>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('settings.passkeys.removeTitle')}
        description={t('settings.passkeys.removeDescription', {
          name: removing ? labelOf(removing, t('settings.passkeys.unnamed')) : '',
        })}
        confirmLabel={t('settings.passkeys.remove')}
        cancelLabel={t('settings.twoFactor.cancel')}
        isPending={remove.isPending}
        error={remove.error ? apiErrorText(t, remove.error) : null}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              toast.success(t('settings.passkeys.removed'));
            },
          })
        }
      />
    </section>
  );
}
