import { useRef, type ReactElement } from 'react';
import { OPENABLE_FILES } from './useOpenFile';

/**
 * A hidden file input (by default for scenarios and cluster files) and the `choose()` that opens the
 * browser's file chooser on it. The input is cleared after each choice, so choosing the same file again
 * opens it again.
 */
export function useFileChooser(
  label: string,
  onChosen: (file: File) => void,
  testId?: string,
  accept: string = OPENABLE_FILES,
): { input: ReactElement; choose(): void } {
  const ref = useRef<HTMLInputElement | null>(null);
  const input = (
    <input
      ref={ref}
      type="file"
      accept={accept}
      hidden
      aria-label={label}
      data-testid={testId}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file !== undefined) onChosen(file);
      }}
    />
  );
  return { input, choose: () => ref.current?.click() };
}
