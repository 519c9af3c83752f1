import { Copy, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';

/** Backup codes, shown once: copy them or save them as a text file. */
export function BackupCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = `${t('settings.twoFactor.backupFileHeading')}\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(t('settings.twoFactor.copied'));
    } catch {
      toast.error(t('settings.twoFactor.copyFailed'));
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'maktaba-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-3" data-testid="backup-codes">
      <h4 className="font-semibold">{t('settings.twoFactor.backupTitle')}</h4>
      <p role="alert" className="rounded-app bg-warning-soft p-3 text-sm font-medium">
        {t('settings.twoFactor.backupWarning')}
      </p>
      <ul dir="ltr" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded-app bg-surface-2 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden className="size-4" />
          {t('settings.twoFactor.copy')}
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download aria-hidden className="size-4" />
          {t('settings.twoFactor.download')}
        </Button>
        <Button onClick={onDone}>{t('settings.twoFactor.savedThem')}</Button>
      </div>
    </div>
  );
}
