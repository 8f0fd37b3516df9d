import { useRef, type ReactElement } from 'react';
import { OPENABLE_FILES } from './useOpenFile';

/**
 * A hidden file input (by default for scenarios and cluster files) and the `choose()` that opens the
 * browser's file chooser on it. The input is cleared after each choice, so choosing the same file again
 * opens it again. With `multiple`, several files may be chosen at once: `onChosen` gets the first and all.
 */
export function useFileChooser(
  label: string,
  onChosen: (file: File, all: readonly File[]) => void,
  testId?: string,
  accept: string = OPENABLE_FILES,
  multiple = false,
): { input: ReactElement; choose(): void } {
  const ref = useRef<HTMLInputElement | null>(null);
  const input = (
    <input
      ref={ref}
      type="file"
      accept={accept}
      hidden
      multiple={multiple}
      aria-label={label}
      data-testid={testId}
      onChange={(event) => {
        const all = [...(event.target.files ?? [])];
        event.target.value = '';
        const [file] = all;
        if (file !== undefined) onChosen(file, all);
      }}
    />
  );
  return { input, choose: () => ref.current?.click() };
}
