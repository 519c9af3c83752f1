/** The line under each portal card that offers the other way in ("Don't have an account? Create account"). */
export function SwitchViewPrompt({ text, action, onAction }: { text: string; action: string; onAction: () => void }) {
  return (
    <p className="mt-6 text-center text-sm text-muted">
      {text}{' '}
      <button
        type="button"
        className="-my-3 inline-flex min-h-11 items-center px-1 align-middle font-semibold text-primary underline-offset-4 hover:underline"
        onClick={onAction}
      >
        {action}
      </button>
    </p>
  );
}
